# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from typing import TypeAlias

Histogram: TypeAlias = Counter
JaxprLike: TypeAlias = object


def _count(jaxpr: JaxprLike) -> Histogram:
    hist: Histogram = Counter(eqn.primitive.name for eqn in jaxpr.eqns)
    for eqn in jaxpr.eqns:
        for sub in je.core.jaxprs_in_params(eqn.params):
            hist += _count(sub)
    return hist


def primitive_histogram(f, *args) -> Histogram:
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    return _count(jax.make_jaxpr(f)(*args).jaxpr)


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
