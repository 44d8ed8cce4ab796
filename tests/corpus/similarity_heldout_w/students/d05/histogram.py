# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


import enum


class Walk(enum.Enum):
    EQUATIONS = "eqns"


def primitive_histogram(f, *args):
    hist = Counter()
    frontier = [jax.make_jaxpr(f)(*args).jaxpr]
    for jaxpr in frontier:  # the list grows while we walk it
        for eqn in getattr(jaxpr, Walk.EQUATIONS.value):
            hist[eqn.primitive.name] += 1
            frontier.extend(je.core.jaxprs_in_params(eqn.params))
    return hist


print(dict(primitive_histogram(target, jnp.ones(4), True)))
