def _both_on_host(a):
    a = np.asarray(a)
    return sps.gammaln(a).astype(a.dtype), sps.digamma(a).astype(a.dtype)


@jax.custom_jvp
def gammaln_cb(x):
    sds = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(_both_on_host, (sds, sds), x, vmap_method="broadcast_all")[0]


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    x, = primals
    t, = tangents
    sds = jax.ShapeDtypeStruct(x.shape, x.dtype)
    val, dval = jax.pure_callback(_both_on_host, (sds, sds), x, vmap_method="broadcast_all")
    return val, dval * t
