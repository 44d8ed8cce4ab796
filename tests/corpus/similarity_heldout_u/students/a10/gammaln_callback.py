__all__ = ["gammaln_cb"]

VMAP_METHOD = "broadcast_all"
OUT_DTYPE = np.float32


def _callback(fn, x):
    spec = jax.ShapeDtypeStruct(x.shape, OUT_DTYPE)
    return jax.pure_callback(lambda v: np.asarray(fn(v), OUT_DTYPE), spec, x, vmap_method=VMAP_METHOD)


@jax.custom_jvp
def gammaln_cb(x):
    return _callback(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return gammaln_cb(x), _callback(sps.digamma, x) * t
