def _cb(fn, x):
    return jax.pure_callback(
        lambda a: fn(a).astype(a.dtype),
        jax.ShapeDtypeStruct(x.shape, x.dtype),
        x,
        vmap_method="broadcast_all",
    )


@jax.custom_jvp
def gammaln_cb(x):
    return _cb(sps.gammaln, x)


gammaln_cb.defjvps(lambda t, y, x: _cb(sps.digamma, x) * t)
