def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


# 递归统计,返回 Counter
def primitive_histogram(f, *args) -> Counter:
    total: Counter = Counter()

    def go(jp) -> None:
        for eq in jp.eqns:
            total[eq.primitive.name] += 1
            for sj in je.core.jaxprs_in_params(eq.params):
                go(sj)

    go(jax.make_jaxpr(f)(*args).jaxpr)
    return total
