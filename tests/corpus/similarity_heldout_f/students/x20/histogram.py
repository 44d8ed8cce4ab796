# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args) -> Counter:
    """Histogram of primitive names over jax.make_jaxpr(f)(*args), sub-jaxprs included.

    Each level updates the counter with its own equations, then descends into every sub-jaxpr.
    """
    counter: Counter = Counter()

    def descend(level) -> None:
        counter.update(eqn.primitive.name for eqn in level.eqns)
        for eqn in level.eqns:
            for sub_jaxpr in je.core.jaxprs_in_params(eqn.params):
                descend(sub_jaxpr)

    descend(jax.make_jaxpr(f)(*args).jaxpr)
    return counter


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
