# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """Counts primitives in the jaxpr of f and in every sub-jaxpr.

    Args:
        f: the function to trace.
        *args: example arguments.

    Returns:
        A Counter from primitive name to number of occurrences.
    """
    result = Counter()

    def _count(jaxpr):
        """Adds the equations of one jaxpr (recursively) to result."""
        for eqn in jaxpr.eqns:
            result[eqn.primitive.name] += 1
            for v in eqn.params.values():
                subs = v if isinstance(v, (tuple, list)) else (v,)
                for s in subs:
                    if isinstance(s, je.core.ClosedJaxpr):
                        _count(s.jaxpr)
                    elif isinstance(s, je.core.Jaxpr):
                        _count(s)

    _count(jax.make_jaxpr(f)(*args).jaxpr)
    return result
