# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    计数 = Counter()

    def 走(jaxpr):
        """把 jaxpr 及其所有子 jaxpr 的方程累加到 计数 里。"""
        计数.update([eqn.primitive.name for eqn in jaxpr.eqns])
        [走(sub) for eqn in jaxpr.eqns for sub in je.core.jaxprs_in_params(eqn.params)]

    走(jax.make_jaxpr(f)(*args).jaxpr)
    return 计数


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
