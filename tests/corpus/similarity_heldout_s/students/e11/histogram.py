# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    level = [jax.make_jaxpr(f)(*args).jaxpr]
    hist = Counter()
    while level:
        next_level = []
        for jx in level:
            hist.update(eqn.primitive.name for eqn in jx.eqns)
            next_level += [s for eqn in jx.eqns for s in je.core.jaxprs_in_params(eqn.params)]
        level = next_level
    return hist
