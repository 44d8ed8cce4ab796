# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from collections import defaultdict


def _count_into(jaxpr, table: defaultdict) -> None:
    # 本层的方程计数,再进入子 jaxpr
    for eqn in jaxpr.eqns:
        table[eqn.primitive.name] += 1
        for sub in je.core.jaxprs_in_params(eqn.params):
            _count_into(sub, table)


def primitive_histogram(f, *args) -> dict[str, int]:
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    table: defaultdict = defaultdict(int)
    _count_into(jax.make_jaxpr(f)(*args).jaxpr, table)
    return dict(table)
