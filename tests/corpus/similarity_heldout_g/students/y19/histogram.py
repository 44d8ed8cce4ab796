# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    '''原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。'''
    计数 = Counter()

    def 递归(jaxpr):
        for 方程 in jaxpr.eqns:
            计数[方程.primitive.name] += 1
            for 子 in je.core.jaxprs_in_params(方程.params):
                递归(子)  # 分支、循环体、内层 jit 都要进去

    递归(jax.make_jaxpr(f)(*args).jaxpr)
    return 计数


# 写好之后对 target 运行一下,回答题目中的三个问题:
# print(dict(primitive_histogram(target, jnp.ones(4), True)))
