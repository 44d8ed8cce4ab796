def _host(fn):
    return lambda a: np.asarray(fn(a), dtype=a.dtype)


def _pcb(fn, x):
    return jax.pure_callback(_host(fn), jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _pcb(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    x, = primals
    t, = tangents
    return gammaln_cb(x), t * _pcb(sps.digamma, x)
