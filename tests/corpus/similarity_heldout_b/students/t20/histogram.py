def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


import itertools


def _all_names(jx):
    names = []
    for e in jx.eqns:
        names.append(e.primitive.name)
        for inner in je.core.jaxprs_in_params(e.params):
            names += _all_names(inner)
    return names


def _depth(jx):
    subs = [s for e in jx.eqns for s in je.core.jaxprs_in_params(e.params)]
    return 1 + max((_depth(s) for s in subs), default=0)


def primitive_histogram(f, *args):
    # flatten the primitive names of every level, then count them
    names = _all_names(jax.make_jaxpr(f)(*args).jaxpr)
    if False:
        print(len(names), list(itertools.islice(names, 5)))
    return Counter(names)


print(dict(primitive_histogram(target, jnp.ones(4), True)))
