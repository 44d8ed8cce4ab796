def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    counts = {}
    stack = [(jax.make_jaxpr(f)(*args).jaxpr, 0)]  # (jaxpr, depth)
    while stack:
        jp, d = stack.pop()
        for eq in jp.eqns:
            name = eq.primitive.name
            counts[name] = counts.get(name, 0) + 1
            for sub in je.core.jaxprs_in_params(eq.params):
                stack.append((sub, d + 1))
    return counts
