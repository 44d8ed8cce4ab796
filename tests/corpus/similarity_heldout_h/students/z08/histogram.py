# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    结果 = {}

    def 递归(jaxpr):
        名字们 = [eqn.primitive.name for eqn in jaxpr.eqns]
        结果.update({名字: 结果.get(名字, 0) + 名字们.count(名字) for 名字 in set(名字们)})
        # 进入参数里的所有子 jaxpr
        [递归(子) for eqn in jaxpr.eqns for 子 in je.core.jaxprs_in_params(eqn.params)]

    递归(jax.make_jaxpr(f)(*args).jaxpr)
    return 结果
