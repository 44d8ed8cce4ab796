def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from collections import defaultdict


def go(jaxpr, counts) -> None:
    for eqn in jaxpr.eqns:
        counts[eqn.primitive.name] += 1
        subs = je.core.jaxprs_in_params(eqn.params)
        for s in subs:
            go(s, counts)


def primitive_histogram(f, *args) -> dict:
    counts: defaultdict = defaultdict(int)
    go(jax.make_jaxpr(f)(*args).jaxpr, counts)
    return dict(counts)
