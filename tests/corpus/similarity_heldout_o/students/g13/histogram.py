# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    traced_closed_jaxpr = jax.make_jaxpr(f)(*args)
    histogram_counter = Counter()
    pending_jaxprs = [traced_closed_jaxpr.jaxpr]
    while pending_jaxprs:
        current_jaxpr = pending_jaxprs.pop()
        for current_equation in current_jaxpr.eqns:
            primitive_name = current_equation.primitive.name
            histogram_counter[primitive_name] += 1
            nested_jaxprs = je.core.jaxprs_in_params(current_equation.params)
            pending_jaxprs.extend(nested_jaxprs)
    return histogram_counter
