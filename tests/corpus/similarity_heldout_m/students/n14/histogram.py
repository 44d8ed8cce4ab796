# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args) -> Counter:
    """Return a Counter of primitive names in f's jaxpr, nested jaxprs included."""
    result: Counter = Counter()

    def add(jaxpr) -> None:
        """Add the primitives of `jaxpr` and of every jaxpr in its equations' params."""
        result.update(e.primitive.name for e in jaxpr.eqns)
        for e in jaxpr.eqns:
            for inner in je.core.jaxprs_in_params(e.params):
                add(inner)

    add(jax.make_jaxpr(f)(*args).jaxpr)
    return result
