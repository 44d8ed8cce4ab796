import scipy.special as sps


@jax.custom_jvp
def gammaln_cb(x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda a: sps.gammaln(a).astype(a.dtype), spec, x, vmap_method="expand_dims")


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x, = primals
    dx, = tangents
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    y = jax.pure_callback(lambda a: sps.gammaln(a).astype(a.dtype), spec, x, vmap_method="expand_dims")
    d = jax.pure_callback(lambda a: sps.digamma(a).astype(a.dtype), spec, x, vmap_method="expand_dims")
    return y, d * dx
