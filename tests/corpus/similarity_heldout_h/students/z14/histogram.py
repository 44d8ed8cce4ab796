# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args) -> dict[str, int]:
    """Map each primitive name to how often it occurs, counting nested jaxprs at every depth.

    A nested computation that appears twice in the jaxpr is counted twice.
    """
    histogram_by_name: dict[str, int] = {}
    jaxprs_to_visit = [(jax.make_jaxpr(f)(*args).jaxpr, 0)]
    while jaxprs_to_visit:
        current_jaxpr, nesting_depth = jaxprs_to_visit.pop()
        for equation in current_jaxpr.eqns:
            primitive_name = equation.primitive.name
            histogram_by_name[primitive_name] = histogram_by_name.get(primitive_name, 0) + 1
            for nested_jaxpr in je.core.jaxprs_in_params(equation.params):
                jaxprs_to_visit.append((nested_jaxpr, nesting_depth + 1))
    return histogram_by_name
