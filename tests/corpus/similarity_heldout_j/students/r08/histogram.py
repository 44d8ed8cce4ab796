# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from collections import defaultdict


def primitive_histogram(f, *args) -> dict[str, int]:
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    计数: defaultdict[str, int] = defaultdict(int)
    待处理 = [jax.make_jaxpr(f)(*args).jaxpr]  # 用一个栈代替递归
    while 待处理:
        当前 = 待处理.pop()
        for 方程 in 当前.eqns:
            计数[方程.primitive.name] += 1
            # 子 jaxpr 压栈,之后再数
            待处理 += list(je.core.jaxprs_in_params(方程.params))
    return dict(计数)


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
