# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def _primitive_names(jaxpr):
    """Yield the primitive name of every equation, nested sub-jaxprs included."""
    for eqn in jaxpr.eqns:
        yield eqn.primitive.name
        # The params of e.g. cond / while / jit / custom_jvp_call hold more jaxprs.
        for sub_jaxpr in je.core.jaxprs_in_params(eqn.params):
            yield from _primitive_names(sub_jaxpr)


def primitive_histogram(f, *args):
    """Map primitive name -> number of occurrences in jax.make_jaxpr(f)(*args), recursively."""
    return Counter(_primitive_names(jax.make_jaxpr(f)(*args).jaxpr))


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
