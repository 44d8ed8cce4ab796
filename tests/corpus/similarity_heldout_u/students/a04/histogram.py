# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    # trace f once and keep the outer jaxpr
    outer = jax.make_jaxpr(f)(*args).jaxpr
    # primitive name -> number of occurrences
    tally = {}

    # helper: count this level's equations, then descend into the nested jaxprs
    def walk(jx):
        for e in jx.eqns:
            tally[e.primitive.name] = tally.get(e.primitive.name, 0) + 1
            for inner in je.core.jaxprs_in_params(e.params):
                walk(inner)

    # start from the outermost level
    walk(outer)
    return tally
