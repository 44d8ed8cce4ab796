# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    hist = Counter()
    todo = [jax.make_jaxpr(f)(*args).jaxpr]
    while todo:
        jaxpr = todo.pop()
        for eqn in jaxpr.eqns:
            hist[eqn.primitive.name] += 1
            todo.extend(je.core.jaxprs_in_params(eqn.params))
    return hist


_h = primitive_histogram(target, jnp.ones(4), True)
print("cond: %d, custom_jvp_call: %d, sin: %d" % (_h["cond"], _h["custom_jvp_call"], _h["sin"]))
