# forward and derivative both on the host
def _call(fn, x):
    sds = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda v: fn(v).astype(v.dtype), sds, x, vmap_method="broadcast_all")


gammaln_cb = jax.custom_jvp(lambda x: _call(sps.gammaln, x))


@gammaln_cb.defjvp
def _(primals, tangents):
    x, = primals
    return _call(sps.gammaln, x), _call(sps.digamma, x) * tangents[0]
