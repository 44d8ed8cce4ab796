# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


import functools


def counted(walk):
    """Decorator: count the equations of a jaxpr before `walk` goes into its sub-jaxprs."""

    @functools.wraps(walk)
    def wrapper(jaxpr, counts):
        for eqn in jaxpr.eqns:
            counts[eqn.primitive.name] += 1
        return walk(jaxpr, counts)

    return wrapper


@counted
def _descend(jaxpr, counts):
    for eqn in jaxpr.eqns:
        for sub in je.core.jaxprs_in_params(eqn.params):
            _descend(sub, counts)
    return counts


def primitive_histogram(f, *args):
    return _descend(jax.make_jaxpr(f)(*args).jaxpr, Counter())


# print(primitive_histogram(target, jnp.ones(4), True))
