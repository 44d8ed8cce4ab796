def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(
    f,
    *args,
) -> Counter:
    """
    Count primitives in the jaxpr of f, including every nested sub-jaxpr.
    """
    closed = jax.make_jaxpr(f)(
        *args
    )
    hist: Counter = Counter()
    pending = [
        closed.jaxpr,
    ]
    while pending:
        jx = pending.pop()
        for e in jx.eqns:
            hist[
                e.primitive.name
            ] += 1
            # cond branches, while/scan bodies, pjit, custom_jvp ... all come back from this helper
            pending.extend(
                je.core.jaxprs_in_params(
                    e.params
                )
            )
    return hist
