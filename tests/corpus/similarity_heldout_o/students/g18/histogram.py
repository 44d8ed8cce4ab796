# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    # 1. 追踪得到 jaxpr
    jaxpr = jax.make_jaxpr(f)(*args).jaxpr
    # 2. 收集所有方程(包括子 jaxpr 里的)
    eqns = []

    def shouji(jp):
        for e in jp.eqns:
            eqns.append(e)
            for s in je.core.jaxprs_in_params(e.params):
                shouji(s)

    shouji(jaxpr)
    # 3. 按原语名计数
    return Counter(e.primitive.name for e in eqns)
