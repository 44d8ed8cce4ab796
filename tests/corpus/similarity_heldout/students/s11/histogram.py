# Exercise 1
def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def tally(jx, acc):
    """Add every equation of jx (and of the jaxprs nested in its params) to acc."""
    for e in jx.eqns:
        acc[e.primitive.name] += 1
        [tally(inner, acc) for inner in je.core.jaxprs_in_params(e.params)]
    return acc


def primitive_histogram(f, *args):
    cj = jax.make_jaxpr(f)(*args)
    return tally(cj.jaxpr, Counter())


res = primitive_histogram(target, jnp.ones(4), True)
print(res["cond"], res["custom_jvp_call"], res["sin"])  # -> 1 1 2
