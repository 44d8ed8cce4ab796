def _host_ufunc(ufunc, arr):
    return jax.pure_callback(
        lambda h: ufunc(h).astype(np.float32),
        jax.ShapeDtypeStruct(arr.shape, np.float32),
        arr,
        vmap_method='broadcast_all',
    )


@jax.custom_jvp
def gammaln_cb(x):
    return _host_ufunc(sps.gammaln, x)


gammaln_cb.defjvps(lambda dx, out, x: _host_ufunc(sps.digamma, x) * dx)
