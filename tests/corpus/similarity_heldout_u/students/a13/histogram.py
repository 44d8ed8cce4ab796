# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from functools import reduce


def primitive_histogram(f, *args):
    # 每个方程贡献一个 Counter,再用 reduce 相加
    def count_eqn(eqn):
        return sum((count_jaxpr(sub) for sub in je.core.jaxprs_in_params(eqn.params)),
                   Counter({eqn.primitive.name: 1}))

    def count_jaxpr(jaxpr):
        return reduce(lambda acc, e: acc + count_eqn(e), jaxpr.eqns, Counter())

    return dict(count_jaxpr(jax.make_jaxpr(f)(*args).jaxpr))
