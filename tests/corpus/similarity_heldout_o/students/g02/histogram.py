# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    # 先得到最外层的 jaxpr
    closed_jaxpr = jax.make_jaxpr(f)(*args)
    # 用来累计每个原语的次数
    primitive_counts = Counter()

    # 递归访问一个 jaxpr 里的所有方程
    def visit_jaxpr(current_jaxpr):
        for equation in current_jaxpr.eqns:
            primitive_counts[equation.primitive.name] += 1
            # 参数里可能藏着子 jaxpr(cond 的分支、pjit 的 jaxpr 等)
            for inner_jaxpr in je.core.jaxprs_in_params(equation.params):
                visit_jaxpr(inner_jaxpr)

    visit_jaxpr(closed_jaxpr.jaxpr)
    return primitive_counts
