def host_gammaln(a):
    return sps.gammaln(a).astype(a.dtype)


def host_digamma(a):
    return sps.digamma(a).astype(a.dtype)


@jax.custom_jvp
def gammaln_cb(x):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(host_gammaln, out, x, vmap_method="sequential")


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x = primals[0]
    t = tangents[0]
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    y = gammaln_cb(x)
    dy = jax.pure_callback(host_digamma, out, x, vmap_method="sequential")
    return y, dy * t
