# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


import warnings


def primitive_histogram(f, *args):
    closed = jax.make_jaxpr(f)(*args)
    counts = Counter()
    frontier = [closed.jaxpr]
    while frontier:
        nxt = []
        for jaxpr in frontier:
            for eqn in jaxpr.eqns:
                counts[eqn.primitive.name] += 1
                nxt.extend(je.core.jaxprs_in_params(eqn.params))
        frontier = nxt
    if not counts:
        warnings.warn("primitive_histogram: the jaxpr has no equations", stacklevel=2)
    return counts
