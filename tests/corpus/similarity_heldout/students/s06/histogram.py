def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def iter_equations(jaxpr):
    """Yield every equation of `jaxpr`, depth first, including those of nested jaxprs."""
    for eqn in jaxpr.eqns:
        yield eqn
        for inner in je.core.jaxprs_in_params(eqn.params):
            yield from iter_equations(inner)


def primitive_histogram(f, *args):
    jaxpr = jax.make_jaxpr(f)(*args).jaxpr
    return Counter(eqn.primitive.name for eqn in iter_equations(jaxpr))


# cond: 1, custom_jvp_call: 1, sin: 2
print(primitive_histogram(target, jnp.ones(4), True))
