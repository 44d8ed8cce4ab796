# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    # 先拿到最外层的 jaxpr
    closed_jaxpr = jax.make_jaxpr(f)(*args)
    primitive_counts = Counter()

    # 递归访问每个方程,子 jaxpr 也要数进去
    def visit_jaxpr(jaxpr):
        for equation in jaxpr.eqns:
            primitive_counts[equation.primitive.name] += 1
            for param_value in equation.params.values():
                visit_param(param_value)

    # 参数里可能是 ClosedJaxpr、Jaxpr,或者它们的元组(比如 cond 的 branches)
    def visit_param(param_value):
        if isinstance(param_value, je.core.ClosedJaxpr):
            visit_jaxpr(param_value.jaxpr)
        elif isinstance(param_value, je.core.Jaxpr):
            visit_jaxpr(param_value)
        elif isinstance(param_value, (tuple, list)):
            for item in param_value:
                visit_param(item)

    visit_jaxpr(closed_jaxpr.jaxpr)
    return primitive_counts
