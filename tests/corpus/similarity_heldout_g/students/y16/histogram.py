# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    # 用一个列表当队列,下标往前走,新发现的子 jaxpr 追加到末尾
    jaxprs = [jax.make_jaxpr(f)(*args).jaxpr]
    i = 0
    cnt = Counter()
    while i < len(jaxprs):
        for eqn in jaxprs[i].eqns:
            cnt[eqn.primitive.name] += 1
            jaxprs.extend(je.core.jaxprs_in_params(eqn.params))
        i += 1
    return cnt


# 写好之后对 target 运行一下,回答题目中的三个问题:
# print(dict(primitive_histogram(target, jnp.ones(4), True)))
