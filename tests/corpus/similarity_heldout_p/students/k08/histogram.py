# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from collections import deque


def primitive_histogram(f, *args):
    primitive_name_counts = Counter()
    jaxprs_waiting_to_be_visited = deque([jax.make_jaxpr(f)(*args).jaxpr])
    while jaxprs_waiting_to_be_visited:
        current_jaxpr = jaxprs_waiting_to_be_visited.popleft()
        for current_equation in current_jaxpr.eqns:
            primitive_name_counts[current_equation.primitive.name] += 1
            jaxprs_waiting_to_be_visited.extend(je.core.jaxprs_in_params(current_equation.params))
    return primitive_name_counts
