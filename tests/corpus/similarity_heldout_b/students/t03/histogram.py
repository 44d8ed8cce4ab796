def target(x, flag):
    y = lax.cond(flag, jnp.sin, jnp.cos, x)
    z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
    return jnp.sum(z)


def _hist(jx):
    hist = Counter()
    for q in jx.eqns:
        hist[q.primitive.name] += 1
        hist = sum((_hist(s) for s in je.core.jaxprs_in_params(q.params)), hist)
    return hist


def primitive_histogram(f, *args):
    return _hist(jax.make_jaxpr(f)(*args).jaxpr)


print(dict(primitive_histogram(target, jnp.ones(4), True)))
