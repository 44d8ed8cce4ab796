def _h(f, x):
    s = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda a: np.asarray(f(a), a.dtype), s, x, vmap_method="broadcast_all")


gammaln_cb = jax.custom_jvp(lambda x: _h(sps.gammaln, x))
gammaln_cb.defjvp(lambda p, t: (gammaln_cb(p[0]), _h(sps.digamma, p[0]) * t[0]))
