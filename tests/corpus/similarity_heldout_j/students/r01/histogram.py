# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def _count_equations(inner_jaxpr) -> Counter:
    # Count this level, then add the counts of every sub-jaxpr found in the params.
    level_counts: Counter = Counter()
    for equation in inner_jaxpr.eqns:
        level_counts[equation.primitive.name] += 1
        for nested_jaxpr in je.core.jaxprs_in_params(equation.params):
            level_counts = level_counts + _count_equations(nested_jaxpr)
    return level_counts


def primitive_histogram(f, *args) -> Counter:
    """Primitive name -> number of occurrences, nested jaxprs included."""
    closed_jaxpr = jax.make_jaxpr(f)(*args)
    return _count_equations(closed_jaxpr.jaxpr)


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
