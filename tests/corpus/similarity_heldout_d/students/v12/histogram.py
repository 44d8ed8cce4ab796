def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    stack = [jax.make_jaxpr(f)(*args).jaxpr]
    c = Counter()
    while len(stack) > 0:
        j = stack.pop(0)
        for e in j.eqns:
            c[e.primitive.name] += 1
            stack += list(je.core.jaxprs_in_params(e.params))
    return c
