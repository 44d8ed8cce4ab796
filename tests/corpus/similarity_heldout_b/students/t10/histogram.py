def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


import itertools


def _prim_names(jp):
    for q in jp.eqns:
        yield q.primitive.name
        yield from itertools.chain.from_iterable(_prim_names(s) for s in je.core.jaxprs_in_params(q.params))


def primitive_histogram(f, *args):
    # every primitive name at every nesting level, counted
    return Counter(_prim_names(jax.make_jaxpr(f)(*args).jaxpr))
