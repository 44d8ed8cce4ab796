_cb = partial(jax.pure_callback, vmap_method='expand_dims')


def _out(x):
    return jax.ShapeDtypeStruct(x.shape, jnp.float32)


@jax.custom_jvp
def gammaln_cb(x):
    return _cb(lambda a: sps.gammaln(a).astype('float32'), _out(x), x)


@gammaln_cb.defjvp
def _d(primals, tangents):
    x, = primals
    xd, = tangents
    # digamma on the host too
    return gammaln_cb(x), _cb(lambda a: sps.digamma(a).astype('float32'), _out(x), x) * xd
