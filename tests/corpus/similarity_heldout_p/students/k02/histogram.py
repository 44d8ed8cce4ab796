# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


# 统计一个 jaxpr 里所有方程的原语名,遇到子 jaxpr 就递归进去
def count_primitives_in_jaxpr(jaxpr, histogram):
    for equation in jaxpr.eqns:
        histogram[equation.primitive.name] += 1
        # cond 的 branches、jit 的 jaxpr、custom_jvp 的 call_jaxpr 都在 params 里
        for sub_jaxpr in je.core.jaxprs_in_params(equation.params):
            count_primitives_in_jaxpr(sub_jaxpr, histogram)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    closed_jaxpr = jax.make_jaxpr(f)(*args)
    histogram = Counter()
    count_primitives_in_jaxpr(closed_jaxpr.jaxpr, histogram)
    return histogram
