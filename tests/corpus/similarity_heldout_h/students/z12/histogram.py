# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    结果 = {}

    def 递归(jaxpr):
        for eqn in jaxpr.eqns:
            名字 = eqn.primitive.name
            结果.setdefault(名字, 0)
            结果[名字] += 1
            # 进入参数里的所有子 jaxpr
            子列表 = je.core.jaxprs_in_params(eqn.params)
            for 子 in 子列表:
                递归(子)

    递归(jax.make_jaxpr(f)(*args).jaxpr)
    return 结果


# 写好之后对 target 运行一下,回答题目中的三个问题:
# print(dict(primitive_histogram(target, jnp.ones(4), True)))

