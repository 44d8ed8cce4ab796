# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args) -> dict[str, int]:
    """Primitive name -> number of equations, over the jaxpr of f and all of its sub-jaxprs."""
    pending_jaxprs: list = [(jax.make_jaxpr(f)(*args).jaxpr, 0)]
    histogram_by_name: dict[str, int] = {}
    while pending_jaxprs:
        current_jaxpr, nesting_depth = pending_jaxprs.pop()
        for equation in current_jaxpr.eqns:
            histogram_by_name[equation.primitive.name] = histogram_by_name.get(equation.primitive.name, 0) + 1
            # A primitive like cond/while/jit/custom_jvp_call keeps whole jaxprs in its params.
            for nested in je.core.jaxprs_in_params(equation.params):
                pending_jaxprs.append((nested, nesting_depth + 1))
    return histogram_by_name


# 写好之后对 target 运行一下,回答题目中的三个问题:
# print(dict(primitive_histogram(target, jnp.ones(4), True)))
