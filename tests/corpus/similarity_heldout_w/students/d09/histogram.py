# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    结果 = Counter()

    # 递归:先数本层的方程,再进入参数里的子 jaxpr
    def 遍历(jaxpr):
        for eqn in jaxpr.eqns:
            结果[eqn.primitive.name] += 1
            for 子 in je.core.jaxprs_in_params(eqn.params):
                遍历(子)

    遍历(jax.make_jaxpr(f)(*args).jaxpr)
    return 结果


# 运行一次,回答三个问题
print(dict(primitive_histogram(target, jnp.ones(4), True)))
