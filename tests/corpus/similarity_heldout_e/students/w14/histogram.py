# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args) -> Counter:
    """Histogram of primitive names over the traced jaxpr and all of its sub-jaxprs.

    Every equation is counted where it appears, so a sub-computation that occurs twice counts twice.
    """
    traced_program = jax.make_jaxpr(f)(*args)
    primitive_counts: Counter = Counter()
    jaxprs_to_visit: list = [traced_program.jaxpr]
    while jaxprs_to_visit:
        visiting_jaxpr = jaxprs_to_visit.pop()
        primitive_counts.update(equation.primitive.name for equation in visiting_jaxpr.eqns)
        for equation in visiting_jaxpr.eqns:
            jaxprs_to_visit.extend(je.core.jaxprs_in_params(equation.params))
    return primitive_counts
