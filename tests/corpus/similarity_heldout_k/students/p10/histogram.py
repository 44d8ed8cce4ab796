# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


import time
from collections import defaultdict

调试 = False


def 递归统计(jaxpr, 表):
    for 方程 in jaxpr.eqns:
        表[方程.primitive.name] += 1
        # 条件分支、循环体、内层 jit 等都在参数里
        for 子jaxpr in je.core.jaxprs_in_params(方程.params):
            递归统计(子jaxpr, 表)


def 打印表(表):
    for 名, 次 in sorted(表.items()):
        print(f"{名:>20s} {次}")


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    开始 = time.perf_counter()
    表 = defaultdict(int)
    递归统计(jax.make_jaxpr(f)(*args).jaxpr, 表)
    if 调试:
        打印表(表)
        print("用时", time.perf_counter() - 开始)
    return dict(表)


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
