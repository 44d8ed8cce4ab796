import scipy.special as sps


@jax.custom_jvp
def gammaln_cb(x):
    shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda a: sps.gammaln(a).astype(a.dtype), shape, x, vmap_method="expand_dims")


@gammaln_cb.defjvp
def jvp(primals, tangents):
    x = primals[0]
    t = tangents[0]
    shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    g = jax.pure_callback(lambda a: sps.digamma(a).astype(a.dtype), shape, x, vmap_method="expand_dims")
    return gammaln_cb(x), g * t
