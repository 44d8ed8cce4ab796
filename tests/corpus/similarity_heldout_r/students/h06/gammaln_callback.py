def host(fn, x):
    tmp = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda a: np.asarray(fn(a)).astype(a.dtype), tmp, x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return host(sps.gammaln, x)


@gammaln_cb.defjvp
def gammaln_jvp(primals, tangents):
    x, = primals
    tmp, = tangents
    res = host(sps.digamma, x) * tmp
    return gammaln_cb(x), res
