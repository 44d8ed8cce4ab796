VMAP_METHOD = "sequential"


def _pure(fn, x):
    shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda a: np.asarray(fn(a)).astype(a.dtype), shape, x, vmap_method=VMAP_METHOD)


@jax.custom_jvp
def gammaln_cb(x):
    return _pure(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,) = primals
    (t,) = tangents
    return gammaln_cb(x), t * _pure(sps.digamma, x)
