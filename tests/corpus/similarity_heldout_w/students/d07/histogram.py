# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """Histogram of primitive names over the jaxpr and all nested jaxprs."""
    hist = {}
    stack = [jax.make_jaxpr(f)(*args).jaxpr]
    # keep popping until every nested jaxpr has been visited
    while stack:
        if (cur := stack.pop()) is None:
            continue
        for e in cur.eqns:
            hist[p] = hist.get((p := e.primitive.name), 0) + 1
            if inner := list(je.core.jaxprs_in_params(e.params)):
                stack.extend(inner)  # visit sub-jaxprs later
    return hist


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
