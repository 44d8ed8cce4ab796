import functools
def _as_dtype(fn, a): return fn(a).astype(a.dtype)
def _callback(fn, x):
    return jax.pure_callback(functools.partial(_as_dtype, fn),
                             jax.ShapeDtypeStruct(x.shape, x.dtype),
                             x,
                             vmap_method="sequential")
_gammaln_host = functools.partial(_callback, sps.gammaln)
_digamma_host = functools.partial(_callback, sps.digamma)
@jax.custom_jvp
def gammaln_cb(x):
    return _gammaln_host(x)
@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    return gammaln_cb(x), _digamma_host(x) * dx
