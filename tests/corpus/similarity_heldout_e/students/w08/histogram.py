# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    jaxpr = jax.make_jaxpr(f)(*args).jaxpr
    all_eqns = []
    pending = [jaxpr]
    # flatten first, count afterwards
    while pending:
        j = pending.pop()
        all_eqns += list(j.eqns)
        for e in j.eqns:
            pending += list(je.core.jaxprs_in_params(e.params))
    return Counter(e.primitive.name for e in all_eqns)
