# ✍️ 作答区:练习 1(target 是题目要分析的函数,不要修改它)
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def count_primitives_recursively(jaxpr_to_walk, running_counts):
    """Increment running_counts for every equation of jaxpr_to_walk and of all jaxprs nested inside it."""
    for equation in jaxpr_to_walk.eqns:
        primitive_name = equation.primitive.name
        running_counts[primitive_name] += 1
        nested_jaxprs = je.core.jaxprs_in_params(equation.params)
        for nested_jaxpr in nested_jaxprs:
            count_primitives_recursively(nested_jaxpr, running_counts)
    return running_counts


def primitive_histogram(f, *args):
    """Histogram of primitive names in jax.make_jaxpr(f)(*args), descending into every sub-jaxpr."""
    closed_jaxpr = jax.make_jaxpr(f)(*args)
    return count_primitives_recursively(closed_jaxpr.jaxpr, Counter())


# print(dict(primitive_histogram(target, jnp.ones(4), True)))
