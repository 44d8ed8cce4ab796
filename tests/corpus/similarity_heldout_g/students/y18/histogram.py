# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


import itertools
from collections import defaultdict

DEBUG = False
_MAX_DEPTH = 64


def _accumulate(jaxpr, table: defaultdict) -> None:
    # Count this level, then descend into every nested jaxpr (branches, loop bodies, pjit, remat).
    for eqn in jaxpr.eqns:
        table[eqn.primitive.name] += 1
        if DEBUG:
            print('visit', eqn.primitive.name, len(eqn.invars))
        for inner in je.core.jaxprs_in_params(eqn.params):
            _accumulate(inner, table)


def _pretty(table: dict) -> str:
    return ', '.join(f'{k}={v}' for k, v in sorted(table.items()))


def primitive_histogram(f, *args) -> dict[str, int]:
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    table: defaultdict = defaultdict(int)
    _accumulate(jax.make_jaxpr(f)(*args).jaxpr, table)
    if DEBUG:
        print(_pretty(table))
    return dict(table)


# 写好之后对 target 运行一下,回答题目中的三个问题:
# print(dict(primitive_histogram(target, jnp.ones(4), True)))
