def _f(fn):
    def g(x):
        return jax.pure_callback(lambda a: fn(a).astype(a.dtype), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                                 vmap_method="sequential")
    return g


_lg, _dg = _f(sps.gammaln), _f(sps.digamma)


@jax.custom_jvp
def gammaln_cb(x):
    return _lg(x)


@gammaln_cb.defjvp
def _jvp(p, t):
    return gammaln_cb(p[0]), _dg(p[0]) * t[0]
