# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    # countAll: this level's names plus every nested level, summed
    def countAll(innerJaxpr):
        return sum((countAll(subJaxpr) for eqnItem in innerJaxpr.eqns
                    for subJaxpr in je.core.jaxprs_in_params(eqnItem.params)),
                   Counter(eqnItem.primitive.name for eqnItem in innerJaxpr.eqns))
    return countAll(jax.make_jaxpr(f)(*args).jaxpr)
