# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    from collections import deque

    primitive_name_to_occurrence_count = Counter()
    jaxprs_waiting_to_be_visited = deque([jax.make_jaxpr(f)(*args).jaxpr])
    while jaxprs_waiting_to_be_visited:
        current_jaxpr_being_visited = jaxprs_waiting_to_be_visited.popleft()
        for current_equation in current_jaxpr_being_visited.eqns:
            primitive_name_to_occurrence_count[current_equation.primitive.name] += 1
            for nested_sub_jaxpr in je.core.jaxprs_in_params(current_equation.params):
                jaxprs_waiting_to_be_visited.append(nested_sub_jaxpr)
    return primitive_name_to_occurrence_count
