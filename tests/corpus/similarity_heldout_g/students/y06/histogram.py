def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    stack = [(jax.make_jaxpr(f)(*args).jaxpr, 0)]
    h = {}
    while stack:
        jp, d = stack.pop()
        for e in jp.eqns:
            h[e.primitive.name] = h.get(e.primitive.name, 0) + 1
            for s in je.core.jaxprs_in_params(e.params):
                stack.append((s, d + 1))
    return h
