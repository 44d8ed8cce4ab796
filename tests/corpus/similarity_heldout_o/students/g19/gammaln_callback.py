def _cb(x, fn=sps.gammaln, vmap_method="expand_dims"):
    return jax.pure_callback(lambda a: fn(a).astype(a.dtype), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method=vmap_method)


@jax.custom_jvp
def gammaln_cb(x):
    return _cb(x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    return gammaln_cb(primals[0]), _cb(primals[0], fn=sps.digamma) * tangents[0]
