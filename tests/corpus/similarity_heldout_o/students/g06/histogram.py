# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    counts = Counter()
    jaxprs = [jax.make_jaxpr(f)(*args).jaxpr]
    i = 0
    while i < len(jaxprs):
        eqns = jaxprs[i].eqns
        for k in range(len(eqns)):
            counts[eqns[k].primitive.name] = counts[eqns[k].primitive.name] + 1
            subs = je.core.jaxprs_in_params(eqns[k].params)
            for s in subs:
                jaxprs.append(s)
        i = i + 1
    return counts
