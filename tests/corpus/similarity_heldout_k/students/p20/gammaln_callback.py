cb = lambda fn, x: jax.pure_callback(lambda a: fn(a).astype(np.float32),
                                     jax.ShapeDtypeStruct(x.shape, np.float32), x,
                                     vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return cb(sps.gammaln, x)


gammaln_cb.defjvps(lambda t, y, x: cb(sps.digamma, x) * t)
