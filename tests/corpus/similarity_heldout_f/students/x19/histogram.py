def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args) -> Counter:
    """Primitive name -> count over jax.make_jaxpr(f)(*args) and every sub-jaxpr."""

    def names_of(jp) -> list[str]:
        # 本层每个方程的原语名,加上参数里子 jaxpr 的(递归)
        out: list[str] = []
        for e in jp.eqns:
            out.append(e.primitive.name)
            for inner in je.core.jaxprs_in_params(e.params):
                out.extend(names_of(inner))
        return out

    # 同一段子计算出现两次就数两次
    return Counter(names_of(jax.make_jaxpr(f)(*args).jaxpr))
