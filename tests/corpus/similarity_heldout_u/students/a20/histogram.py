# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


_MAX_NESTING = 64


def _is_leaf(eqn):
    return not je.core.jaxprs_in_params(eqn.params)


def _walk(jaxpr, table, depth=0):
    """Add the primitives of ``jaxpr`` and of every nested jaxpr to ``table``.

    :param jaxpr: a (sub-)jaxpr whose ``eqns`` are counted
    :param table: ``Counter`` updated in place
    :returns: the same ``table``
    """
    visited = 0
    for eqn in jaxpr.eqns:
        table.update([eqn.primitive.name])
        visited += 1
        for nested in je.core.jaxprs_in_params(eqn.params):
            _walk(nested, table, depth + 1)
    return table


def primitive_histogram(f, *args):
    """Histogram of primitive names in ``jax.make_jaxpr(f)(*args)``, sub-jaxprs included.

    :param f: the function to trace
    :param args: its example arguments
    :returns: ``Counter`` primitive name -> count
    """
    closed = jax.make_jaxpr(f)(*args)
    return _walk(closed.jaxpr, Counter())
