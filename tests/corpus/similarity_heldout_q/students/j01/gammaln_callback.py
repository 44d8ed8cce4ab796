def _host(fn):
    return lambda a: np.asarray(fn(a), dtype=a.dtype)  # keep float32


def _cb(fn, x):
    return jax.pure_callback(_host(fn), jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="sequential")


@jax.custom_jvp
def gammaln_cb(x):
    return _cb(sps.gammaln, x)


@gammaln_cb.defjvp
def _jvp(p, t):
    x, = p
    dx, = t
    return gammaln_cb(x), _cb(sps.digamma, x) * dx  # d/dx lgamma = digamma
