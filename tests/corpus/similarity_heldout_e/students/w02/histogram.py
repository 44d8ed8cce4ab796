# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args) -> Counter:
    """Count every primitive of make_jaxpr(f)(*args), sub-jaxprs included."""
    histogram: Counter = Counter()

    def visit_jaxpr(current_jaxpr) -> None:
        # every equation counts once, then its nested jaxprs are visited the same way
        for equation in current_jaxpr.eqns:
            histogram[equation.primitive.name] += 1
            for nested_jaxpr in je.core.jaxprs_in_params(equation.params):
                visit_jaxpr(nested_jaxpr)

    visit_jaxpr(jax.make_jaxpr(f)(*args).jaxpr)
    return histogram
