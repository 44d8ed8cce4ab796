def cb(f, x):
    s = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda a: np.asarray(f(a)).astype(a.dtype), s, x, vmap_method='expand_dims')


@jax.custom_jvp
def gammaln_cb(x):
    return cb(sps.gammaln, x)


gammaln_cb.defjvps(lambda t, y, x: cb(sps.digamma, x) * t)
