# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """
    Parameters
    ----------
    f : callable
    *args : example inputs

    Returns
    -------
    Counter
        primitive name -> number of equations, nested jaxprs included.
    """
    top = jax.make_jaxpr(f)(*args).jaxpr
    out = Counter()
    for eqn in top.eqns:
        out[eqn.primitive.name] += 1
        # nested calls (jit) keep their body as a ClosedJaxpr param
        for v in eqn.params.values():
            if isinstance(v, je.core.ClosedJaxpr):
                for inner in v.jaxpr.eqns:
                    out[inner.primitive.name] += 1
    return out
