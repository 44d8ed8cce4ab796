@jax.custom_jvp
def gammaln_cb(x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda a: sps.gammaln(a).astype(a.dtype), spec, x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    x, = primals
    t, = tangents
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    # digamma on the host as well
    d = jax.pure_callback(lambda a: sps.digamma(a).astype(a.dtype), spec, x)
    return gammaln_cb(x), d * t
