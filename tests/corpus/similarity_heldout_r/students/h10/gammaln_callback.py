def host_gammaln(a):
    if a.size == 0:
        return np.zeros_like(a)
    return sps.gammaln(a).astype(a.dtype)


def host_digamma(a):
    if a.size == 0:
        return np.zeros_like(a)
    return sps.digamma(a).astype(a.dtype)


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(host_gammaln, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="expand_dims")


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    d = jax.pure_callback(host_digamma, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="expand_dims")
    return gammaln_cb(x), d * t
