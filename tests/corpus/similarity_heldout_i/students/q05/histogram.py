# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    结果 = Counter()

    def 数一层(jaxpr):
        """数这一层的方程,再递归进子 jaxpr。"""
        for 方程 in jaxpr.eqns:
            结果[方程.primitive.name] += 1
        for 方程 in jaxpr.eqns:
            for 子 in je.core.jaxprs_in_params(方程.params):
                数一层(子)

    数一层(jax.make_jaxpr(f)(*args).jaxpr)
    return 结果


# 写好之后对 target 运行一下,回答题目中的三个问题:
# print(dict(primitive_histogram(target, jnp.ones(4), True)))
