def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    closed = jax.make_jaxpr(f)(*args)
    todo = [closed.jaxpr]
    hist = {}
    # explicit stack instead of recursion
    while todo:
        jp = todo.pop()
        for q in jp.eqns:
            name = q.primitive.name
            hist[name] = hist.get(name, 0) + 1
            todo.extend(je.core.jaxprs_in_params(q.params))
    return hist
