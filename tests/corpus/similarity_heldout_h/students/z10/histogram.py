# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    pending = [jax.make_jaxpr(f)(*args).jaxpr]
    i = 0
    hist = Counter()
    while i < len(pending):
        for eqn in pending[i].eqns:
            hist[eqn.primitive.name] += 1
            pending += list(je.core.jaxprs_in_params(eqn.params))
        i += 1
    return hist
