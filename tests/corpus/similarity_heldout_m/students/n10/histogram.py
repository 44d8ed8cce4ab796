# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    traced_program = jax.make_jaxpr(f)(*args)
    primitive_counts = Counter()

    def visit_every_equation(current_jaxpr):
        # count this level first, then descend into control-flow and call bodies
        for equation in current_jaxpr.eqns:
            primitive_counts[equation.primitive.name] += 1
        for equation in current_jaxpr.eqns:
            for nested_jaxpr in je.core.jaxprs_in_params(equation.params):
                visit_every_equation(nested_jaxpr)

    visit_every_equation(traced_program.jaxpr)
    return primitive_counts
