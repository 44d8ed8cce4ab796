# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    # 1. 追踪函数,得到最外层的 jaxpr
    top = jax.make_jaxpr(f)(*args).jaxpr
    # 2. 准备一个计数用的 dict
    counts = {}

    # 3. 递归函数:先数本层的方程,再进入参数里的子 jaxpr
    def visit(jaxpr):
        for eqn in jaxpr.eqns:
            counts[eqn.primitive.name] = counts.get(eqn.primitive.name, 0) + 1
            for child in je.core.jaxprs_in_params(eqn.params):
                visit(child)

    # 4. 从最外层开始
    visit(top)
    # 5. 返回结果
    return counts
