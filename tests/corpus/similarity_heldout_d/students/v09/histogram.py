def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


from collections import defaultdict


def primitive_histogram(f, *args) -> dict:
    counts: defaultdict = defaultdict(int)

    def go(jaxpr) -> None:
        for eqn in jaxpr.eqns:
            counts[eqn.primitive.name] += 1
            subs = je.core.jaxprs_in_params(eqn.params)
            for s in subs:
                go(s)

    go(jax.make_jaxpr(f)(*args).jaxpr)
    return dict(counts)
