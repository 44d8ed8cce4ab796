# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    # 先拿到最外层的 jaxpr,再用一个显式的栈深度优先地走一遍
    outermost_jaxpr = jax.make_jaxpr(f)(*args).jaxpr
    jaxprs_waiting_to_be_visited = [outermost_jaxpr]
    occurrences_per_primitive_name = {}
    while jaxprs_waiting_to_be_visited:
        current_jaxpr = jaxprs_waiting_to_be_visited.pop()
        for current_equation in current_jaxpr.eqns:
            primitive_name_of_equation = current_equation.primitive.name
            previous_count = occurrences_per_primitive_name.get(primitive_name_of_equation, 0)
            occurrences_per_primitive_name[primitive_name_of_equation] = previous_count + 1
            nested_jaxprs_of_equation = je.core.jaxprs_in_params(current_equation.params)
            jaxprs_waiting_to_be_visited.extend(nested_jaxprs_of_equation)
    return occurrences_per_primitive_name
