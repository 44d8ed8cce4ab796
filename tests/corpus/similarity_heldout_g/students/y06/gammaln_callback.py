@jax.custom_jvp
def gammaln_cb(x):
    sds = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda a: sps.gammaln(a).astype(a.dtype), sds, x, vmap_method="expand_dims")


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    sds = jax.ShapeDtypeStruct(x.shape, x.dtype)
    y, psi = jax.pure_callback(
        lambda a: (sps.gammaln(a).astype(a.dtype), sps.digamma(a).astype(a.dtype)),
        (sds, sds), x, vmap_method="expand_dims")
    return y, psi * t
