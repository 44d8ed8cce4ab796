def _h(fn, x):
    return jax.pure_callback(lambda a: fn(a).astype(a.dtype), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _h(sps.gammaln, x)


@gammaln_cb.defjvp
def _j(p, t):
    return gammaln_cb(p[0]), _h(sps.digamma, p[0]) * t[0]
