def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    c = Counter()
    todo = [jax.make_jaxpr(f)(*args).jaxpr]
    while todo:
        jp = todo.pop()
        c.update(e.primitive.name for e in jp.eqns)
        todo += [s for e in jp.eqns for s in je.core.jaxprs_in_params(e.params)]
    return c
