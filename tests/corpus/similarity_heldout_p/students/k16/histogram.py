# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    res = {}
    tmp = [jax.make_jaxpr(f)(*args).jaxpr]
    while len(tmp) > 0:
        jp = tmp.pop(0)
        for eq in jp.eqns:
            nm = eq.primitive.name
            if nm in res:
                res[nm] = res[nm] + 1
            else:
                res[nm] = 1
            for sub in je.core.jaxprs_in_params(eq.params):
                tmp.append(sub)
    return Counter(res)
