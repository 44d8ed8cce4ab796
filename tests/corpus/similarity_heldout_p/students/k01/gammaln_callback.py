def _cb(fn, x):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda v: np.asarray(fn(v), dtype=v.dtype), out, x, vmap_method="sequential")  # scipy on host


@jax.custom_jvp
def gammaln_cb(x):
    return _cb(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    x, = primals
    t, = tangents
    return gammaln_cb(x), _cb(sps.digamma, x) * t  # d/dx gammaln = digamma
