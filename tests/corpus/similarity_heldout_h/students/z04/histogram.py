# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def _iter_equations(jaxpr):
    """Yield every equation of jaxpr and of the jaxprs nested in its params."""
    for eqn in jaxpr.eqns:
        yield eqn
        for inner in je.core.jaxprs_in_params(eqn.params):
            yield from _iter_equations(inner)


def primitive_histogram(f, *args):
    """Primitive name -> count over all nesting levels."""
    jaxpr = jax.make_jaxpr(f)(*args).jaxpr
    return Counter(eqn.primitive.name for eqn in _iter_equations(jaxpr))
