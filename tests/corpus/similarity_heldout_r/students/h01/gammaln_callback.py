def _cb(fn, x):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda a: np.asarray(fn(a), dtype=a.dtype), out, x, vmap_method="sequential")


@jax.custom_jvp
def gammaln_cb(x):
    return _cb(sps.gammaln, x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    x, = primals
    dx, = tangents
    return gammaln_cb(x), _cb(sps.digamma, x) * dx  # d/dx lgamma = digamma
