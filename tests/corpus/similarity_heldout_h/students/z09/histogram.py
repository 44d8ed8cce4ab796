# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def _count(jaxpr) -> Counter:
    # 本层的方程计数,加上每个子 jaxpr 的计数
    total = Counter(eqn.primitive.name for eqn in jaxpr.eqns)
    for eqn in jaxpr.eqns:
        for sub in je.core.jaxprs_in_params(eqn.params):
            total += _count(sub)
    return total


def primitive_histogram(f, *args) -> Counter:
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    return _count(jax.make_jaxpr(f)(*args).jaxpr)


# 写好之后对 target 运行一下,回答题目中的三个问题:
# print(dict(primitive_histogram(target, jnp.ones(4), True)))

