# Exercise 1: count primitives
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def primitive_histogram(f, *args):
    # iterative walk: pending holds the jaxprs still to be visited
    pending = [jax.make_jaxpr(f)(*args).jaxpr]
    tally = Counter()
    while len(pending) > 0:
        jx = pending.pop()
        for e in jx.eqns:
            tally[e.primitive.name] += 1
            pending += list(je.core.jaxprs_in_params(e.params))
    return tally


print(primitive_histogram(target, jnp.ones(4), True))
