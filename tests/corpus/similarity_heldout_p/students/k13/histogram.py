# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    histogram = Counter()
    closed = jax.make_jaxpr(f)(*args)
    _accumulate(closed.jaxpr, histogram)
    return histogram


def _accumulate(jaxpr, histogram):
    for equation in jaxpr.eqns:
        sub_jaxprs = list(je.core.jaxprs_in_params(equation.params))
        if sub_jaxprs:
            # a higher-order primitive: what it does is in its sub-jaxprs
            for sub_jaxpr in sub_jaxprs:
                _accumulate(sub_jaxpr, histogram)
        else:
            histogram[equation.primitive.name] += 1
