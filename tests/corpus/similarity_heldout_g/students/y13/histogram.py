def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args) -> Counter:
    closed_jaxpr = jax.make_jaxpr(f)(*args)
    primitive_counts: Counter = Counter()

    def count_equations(jaxpr) -> None:
        primitive_counts.update(equation.primitive.name for equation in jaxpr.eqns)
        [count_equations(sub_jaxpr)
         for equation in jaxpr.eqns
         for sub_jaxpr in je.core.jaxprs_in_params(equation.params)]

    count_equations(closed_jaxpr.jaxpr)
    return primitive_counts
