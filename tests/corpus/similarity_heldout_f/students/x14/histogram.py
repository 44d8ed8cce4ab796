# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args) -> dict[str, int]:
    # Depth-first walk with an explicit stack of (jaxpr, depth) pairs; depth is kept for debugging output.
    primitive_counts: dict[str, int] = {}
    pending_jaxprs = [(jax.make_jaxpr(f)(*args).jaxpr, 0)]
    while pending_jaxprs:
        current_jaxpr, depth = pending_jaxprs.pop()
        for equation in current_jaxpr.eqns:
            primitive_name = equation.primitive.name
            primitive_counts[primitive_name] = primitive_counts.get(primitive_name, 0) + 1
            for nested_jaxpr in je.core.jaxprs_in_params(equation.params):
                pending_jaxprs.append((nested_jaxpr, depth + 1))
    return primitive_counts


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
