# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args) -> Counter:
    """Count every primitive in the jaxpr of f, descending into all sub-jaxprs."""
    closed_jaxpr = jax.make_jaxpr(f)(*args)
    primitive_counts: Counter = Counter()

    def count_equations(jaxpr) -> None:
        for equation in jaxpr.eqns:
            primitive_counts[equation.primitive.name] += 1
            # cond branches, while/scan bodies, inner jit, custom_jvp/vjp, remat
            for sub_jaxpr in je.core.jaxprs_in_params(equation.params):
                count_equations(sub_jaxpr)

    count_equations(closed_jaxpr.jaxpr)
    return primitive_counts


# 写好之后对 target 运行一下,回答题目中的三个问题:
# print(dict(primitive_histogram(target, jnp.ones(4), True)))

