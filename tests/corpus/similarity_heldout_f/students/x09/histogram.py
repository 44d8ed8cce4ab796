def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    c = Counter()
    todo = [jax.make_jaxpr(f)(*args).jaxpr]
    i = 0
    while i < len(todo):
        for q in todo[i].eqns:
            c[q.primitive.name] += 1
            todo += list(je.core.jaxprs_in_params(q.params))
        i += 1
    return c
