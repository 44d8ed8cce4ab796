# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def _sub_jaxprs(value):
    """Yield every jaxpr hidden in one param value.

    Args:
        value: a param of an equation (a ClosedJaxpr, a Jaxpr, a tuple of them or anything else).

    Returns:
        A generator of open jaxprs.
    """
    if isinstance(value, je.core.ClosedJaxpr):
        yield value.jaxpr
    elif isinstance(value, je.core.Jaxpr):
        yield value
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _sub_jaxprs(item)


def primitive_histogram(f, *args):
    """Count primitives of f, sub-jaxprs included.

    Args:
        f: the function to trace.
        *args: example arguments.

    Returns:
        A Counter from primitive name to count.
    """
    result = Counter()

    def count_in(jaxpr):
        for eqn in jaxpr.eqns:
            result[eqn.primitive.name] += 1
            for param in eqn.params.values():
                for sub in _sub_jaxprs(param):
                    count_in(sub)

    count_in(jax.make_jaxpr(f)(*args).jaxpr)
    return result
