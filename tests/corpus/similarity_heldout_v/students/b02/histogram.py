# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """Count primitives in the jaxpr of ``f``, sub-jaxprs included.

    Parameters
    ----------
    f : callable
        Function to trace.
    *args
        Example arguments passed to ``jax.make_jaxpr(f)``.

    Returns
    -------
    Counter
        Primitive name -> number of equations using it.
    """
    result = Counter()
    pending = [jax.make_jaxpr(f)(*args).jaxpr]
    while pending:
        current = pending.pop()
        for eqn in current.eqns:
            result[eqn.primitive.name] += 1
            pending.extend(je.core.jaxprs_in_params(eqn.params))
    return result


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
