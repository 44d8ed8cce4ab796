# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    """原语名 -> 出现次数,递归统计 jax.make_jaxpr(f)(*args) 的所有子 jaxpr。"""
    closed = jax.make_jaxpr(f)(*args)
    histogram = Counter()

    # 递归访问:先数本层的方程,再进入参数里的子 jaxpr
    def visit(jaxpr):
        for equation in jaxpr.eqns:
            histogram[equation.primitive.name] += 1
            for sub_jaxpr in je.core.jaxprs_in_params(equation.params):
                visit(sub_jaxpr)

    visit(closed.jaxpr)
    return histogram
