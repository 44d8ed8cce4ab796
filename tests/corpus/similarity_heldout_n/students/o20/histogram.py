# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


SUB_JAXPRS = je.core.jaxprs_in_params


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    result = Counter()
    frontier = [jax.make_jaxpr(f)(*args).jaxpr]
    for jaxpr in frontier:  # the list grows while we iterate over it
        result.update([eqn.primitive.name for eqn in jaxpr.eqns])
        frontier.extend(sub for eqn in jaxpr.eqns for sub in SUB_JAXPRS(eqn.params))
    return result
