# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    # 第一步:得到 jaxpr
    jaxpr = jax.make_jaxpr(f)(*args).jaxpr
    # 第二步:用 defaultdict 记数
    from collections import defaultdict
    表 = defaultdict(int)

    def 递归(j):
        for eqn in j.eqns:
            表[eqn.primitive.name] += 1
            # 第三步:子 jaxpr 也要数
            for s in je.core.jaxprs_in_params(eqn.params):
                递归(s)

    递归(jaxpr)
    # 第四步:转成 Counter 返回
    return Counter(表)
