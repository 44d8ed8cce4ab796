def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def _names(jp):
    for q in jp.eqns:
        yield q.primitive.name
        for inner in je.core.jaxprs_in_params(q.params):
            yield from _names(inner)


def primitive_histogram(f, *args):
    # flatten the names of every level with a generator
    return Counter(_names(jax.make_jaxpr(f)(*args).jaxpr))


print(dict(primitive_histogram(target, jnp.ones(4), True)))
