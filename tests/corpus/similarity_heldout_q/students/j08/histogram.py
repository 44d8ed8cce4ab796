# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    from collections import deque

    primitive_name_counts = Counter()
    jaxprs_waiting_to_be_visited = deque([jax.make_jaxpr(f)(*args).jaxpr])
    while jaxprs_waiting_to_be_visited:
        jaxpr_being_visited = jaxprs_waiting_to_be_visited.popleft()
        for equation_in_jaxpr in jaxpr_being_visited.eqns:
            primitive_name_counts[equation_in_jaxpr.primitive.name] += 1
            jaxprs_waiting_to_be_visited.extend(je.core.jaxprs_in_params(equation_in_jaxpr.params))
    return primitive_name_counts
