# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    # 第一步:把所有层级的 jaxpr 都收集到一个列表里
    all_jaxprs = []

    def gather(jp):
        all_jaxprs.append(jp)
        for eqn in jp.eqns:
            for sub in je.core.jaxprs_in_params(eqn.params):
                gather(sub)

    gather(jax.make_jaxpr(f)(*args).jaxpr)
    # 第二步:逐个 jaxpr 数方程
    result = Counter()
    for jp in all_jaxprs:
        result.update(eqn.primitive.name for eqn in jp.eqns)
    return result
