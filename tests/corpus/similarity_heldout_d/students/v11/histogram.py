def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    # generator over every primitive name, descending into nested jaxprs
    def primitive_names(jaxpr):
        for eqn in jaxpr.eqns:
            yield eqn.primitive.name
            for sub_jaxpr in je.core.jaxprs_in_params(eqn.params):
                yield from primitive_names(sub_jaxpr)
    return Counter(primitive_names(jax.make_jaxpr(f)(*args).jaxpr))
