def _host(fn, x):
    return jax.pure_callback(
        lambda a: np.asarray(fn(a), dtype=a.dtype),
        jax.ShapeDtypeStruct(shape=x.shape, dtype=x.dtype),
        x,
        vmap_method="broadcast_all",
    )


@jax.custom_jvp
def gammaln_cb(x):
    return _host(fn=sps.gammaln, x=x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,) = primals
    (t,) = tangents
    return gammaln_cb(x), _host(fn=sps.digamma, x=x) * t
