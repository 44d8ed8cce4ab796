def _host_call(fn, x):
    return jax.pure_callback(lambda a: fn(a).astype(dtype=a.dtype),
                             jax.ShapeDtypeStruct(shape=x.shape, dtype=x.dtype), x,
                             vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _host_call(fn=sps.gammaln, x=x)


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    return gammaln_cb(primals[0]), _host_call(fn=sps.digamma, x=primals[0]) * tangents[0]
