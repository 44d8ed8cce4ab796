# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    # Step 1: trace f into a closed jaxpr
    closed = jax.make_jaxpr(f)(*args)
    # Step 2: collect every jaxpr, outer one first, in a growing list
    all_jaxprs = [closed.jaxpr]
    k = 0
    while k < len(all_jaxprs):
        for eqn in all_jaxprs[k].eqns:
            all_jaxprs.extend(je.core.jaxprs_in_params(eqn.params))
        k += 1
    # Step 3: count the equations of all of them
    hist = Counter()
    for jp in all_jaxprs:
        for eqn in jp.eqns:
            hist[eqn.primitive.name] += 1
    return hist
