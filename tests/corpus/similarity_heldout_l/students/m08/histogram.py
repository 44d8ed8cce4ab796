# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""

    def 名字(jaxpr):
        # 逐个方程产出原语名,遇到子 jaxpr 就递归产出
        for eqn in jaxpr.eqns:
            yield eqn.primitive.name
            for sub in je.core.jaxprs_in_params(eqn.params):
                yield from 名字(sub)

    return Counter(名字(jax.make_jaxpr(f)(*args).jaxpr))


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
