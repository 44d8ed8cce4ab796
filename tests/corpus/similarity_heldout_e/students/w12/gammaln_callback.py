def _host(f, x):
    return jax.pure_callback(lambda a: f(a).astype(a.dtype),
                             jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method='broadcast_all')


@jax.custom_jvp
def gammaln_cb(x):
    return _host(sps.gammaln, x)


@gammaln_cb.defjvp
def _gjvp(primals, tangents):
    x, = primals
    dx, = tangents
    y = _host(sps.gammaln, x)
    dy = _host(sps.digamma, x) * dx
    return y, dy
