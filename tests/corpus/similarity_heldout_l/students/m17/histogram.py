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
            # 1. 本方程计一次
            结果[eqn.primitive.name] = 结果.get(eqn.primitive.name, 0) + 1
            # 2. 参数里的子 jaxpr 也要数(cond 分支、while/scan 循环体、jit、custom_jvp ...)
            for sub in je.core.jaxprs_in_params(eqn.params):
                递归(sub)

    递归(jax.make_jaxpr(f)(*args).jaxpr)
    return 结果


# 运行结果:cond 1 次,custom_jvp_call 1 次,sin 2 个
