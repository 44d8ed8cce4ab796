# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """Counts primitives in the jaxpr of f, sub-jaxprs included.

    Args:
      f: the function to trace.
      *args: example arguments for tracing.

    Returns:
      A Counter from primitive name to number of occurrences.
    """
    histogram = Counter()

    def _visit(jaxpr):
        """Adds the equations of one jaxpr and, recursively, of its sub-jaxprs."""
        for eqn in jaxpr.eqns:
            histogram.update([eqn.primitive.name])
            for sub in je.core.jaxprs_in_params(eqn.params):
                _visit(sub)

    _visit(jax.make_jaxpr(f)(*args).jaxpr)
    return histogram
