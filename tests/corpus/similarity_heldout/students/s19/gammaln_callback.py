# 练习 2
def _cb(fn, x):
    out_type = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda a: fn(a).astype(a.dtype), out_type, x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _cb(sps.gammaln, x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    return gammaln_cb(x), _cb(sps.digamma, x) * dx
