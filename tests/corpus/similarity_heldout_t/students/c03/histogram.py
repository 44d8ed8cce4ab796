# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    hist = {}
    pending = [jax.make_jaxpr(f)(*args).jaxpr]
    while pending and (cur := pending.pop()) is not None:
        for eqn in cur.eqns:
            hist[p] = hist.get(p := eqn.primitive.name, 0) + 1
            pending.extend(je.core.jaxprs_in_params(eqn.params))
    return hist
