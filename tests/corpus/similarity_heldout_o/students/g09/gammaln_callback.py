def _host(fn):
    return lambda a: np.asarray(fn(a), dtype=a.dtype)


def _call(fn, x):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(_host(fn), out, x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _call(sps.gammaln, x)


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x = primals[0]
    dx = tangents[0]
    y = gammaln_cb(x)
    dy = _call(sps.digamma, x) * dx
    return y, dy
