# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    closedJaxpr = jax.make_jaxpr(f)(*args)
    primCounts = Counter()
    toVisit = [closedJaxpr.jaxpr]
    visitIdx = 0
    while visitIdx < len(toVisit):
        currentJaxpr = toVisit[visitIdx]
        visitIdx += 1
        for oneEqn in currentJaxpr.eqns:
            primCounts[oneEqn.primitive.name] += 1
            toVisit.extend(je.core.jaxprs_in_params(oneEqn.params))
    return dict(primCounts)
