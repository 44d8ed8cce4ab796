def _cb(fn, x):
    *shape, = jnp.shape(x)
    return jax.pure_callback(lambda *a: fn(*a).astype(np.float32),
                             jax.ShapeDtypeStruct(tuple(shape), np.float32), x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _cb(sps.gammaln, x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    (x, *_), (t, *_) = primals, tangents
    return gammaln_cb(x), t * _cb(sps.digamma, x)
