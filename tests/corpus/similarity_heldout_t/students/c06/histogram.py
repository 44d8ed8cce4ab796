# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


import enum


class Walk(enum.Enum):
    ENTER = enum.auto()
    DONE = enum.auto()


def primitive_histogram(f, *args):
    counts = Counter()
    stack = [(Walk.ENTER, jax.make_jaxpr(f)(*args).jaxpr)]
    while stack:
        state, jaxpr = stack.pop()
        if state is Walk.DONE:
            continue
        for eqn in jaxpr.eqns:
            counts.update([eqn.primitive.name])
            stack.extend((Walk.ENTER, sub) for sub in je.core.jaxprs_in_params(eqn.params))
        stack.append((Walk.DONE, jaxpr))
    return counts
