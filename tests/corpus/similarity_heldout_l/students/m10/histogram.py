# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""

    def histogram_of_jaxpr(current_jaxpr):
        # The histogram of one jaxpr is its own equations plus the histograms of all nested jaxprs.
        total_histogram = Counter(equation.primitive.name for equation in current_jaxpr.eqns)
        for equation in current_jaxpr.eqns:
            for nested_jaxpr in je.core.jaxprs_in_params(equation.params):
                total_histogram = total_histogram + histogram_of_jaxpr(nested_jaxpr)
        return total_histogram

    closed_jaxpr = jax.make_jaxpr(f)(*args)
    return histogram_of_jaxpr(closed_jaxpr.jaxpr)
