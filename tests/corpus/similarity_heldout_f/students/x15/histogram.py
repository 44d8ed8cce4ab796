def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    r = {}

    def go(j):
        for e in j.eqns:
            k = e.primitive.name
            r[k] = r.get(k, 0) + 1
            [go(s) for s in je.core.jaxprs_in_params(e.params)]

    go(jax.make_jaxpr(f)(*args).jaxpr)
    return r
