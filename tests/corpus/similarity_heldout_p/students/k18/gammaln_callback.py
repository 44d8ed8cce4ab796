def _host(fn):
    def run(a):
        return np.asarray(fn(a), dtype=a.dtype)
    return run


def _cb(fn, x):
    return jax.pure_callback(_host(fn), jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="sequential")


@jax.custom_jvp
def gammaln_cb(x):
    return _cb(sps.gammaln, x)


def _jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return gammaln_cb(x), _cb(sps.digamma, x) * t


gammaln_cb.defjvp(_jvp)
