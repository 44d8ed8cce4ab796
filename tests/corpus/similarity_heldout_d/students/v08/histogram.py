def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    # walk every equation; params may hold ClosedJaxpr, Jaxpr or tuples of them,
    # jaxprs_in_params unpacks all of those for us
    def rec(jaxpr, acc):
        for eqn in jaxpr.eqns:
            acc[eqn.primitive.name] = acc.get(eqn.primitive.name, 0) + 1
            for child in je.core.jaxprs_in_params(eqn.params):
                rec(child, acc)
        return acc

    return rec(jax.make_jaxpr(f)(*args).jaxpr, {})
