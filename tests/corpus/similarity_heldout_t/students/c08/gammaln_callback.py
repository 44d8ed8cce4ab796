def _via_host(ufunc, x):
    shape_dtype = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda a: ufunc(a).astype(a.dtype), shape_dtype, x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _via_host(sps.gammaln, x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    x, = primals
    t, = tangents
    return gammaln_cb(x), _via_host(sps.digamma, x) * t
