# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    # Step 1: trace f to a jaxpr
    closed_jaxpr = jax.make_jaxpr(f)(*args)
    # Step 2: count every equation's primitive
    histogram = Counter()
    for eqn in closed_jaxpr.jaxpr.eqns:
        histogram[eqn.primitive.name] += 1
    # Step 3: return the counts
    return histogram
