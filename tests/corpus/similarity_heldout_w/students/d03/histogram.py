# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def _equations(jaxpr):
    """Yield every equation, then the equations of its sub-jaxprs, depth first."""
    for eqn in jaxpr.eqns:
        yield eqn
        for sub in je.core.jaxprs_in_params(eqn.params):
            yield from _equations(sub)


def primitive_histogram(f, *args):
    closed = jax.make_jaxpr(f)(*args)
    return Counter(e.primitive.name for e in _equations(closed.jaxpr))


print(primitive_histogram(target, jnp.ones(4), True))
