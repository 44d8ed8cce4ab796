# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    h = Counter()
    todo = [jax.make_jaxpr(f)(*args).jaxpr]  # start from the outer jaxpr
    while todo:
        j = todo.pop()
        for e in j.eqns:
            h[e.primitive.name] += 1  # count this eqn
            todo.extend(je.core.jaxprs_in_params(e.params))  # then its sub-jaxprs
    return h
