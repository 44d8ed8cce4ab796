VMAP_METHOD = "sequential"


def _host(fn, x):
    return jax.pure_callback(
        lambda a: np.asarray(fn(a), dtype=a.dtype),
        jax.ShapeDtypeStruct(shape=x.shape, dtype=x.dtype),
        x,
        vmap_method=VMAP_METHOD,
    )


@jax.custom_jvp
def gammaln_cb(x):
    return _host(fn=sps.gammaln, x=x)


def gammaln_jvp(primals, tangents):
    x, = primals
    t, = tangents
    return gammaln_cb(x), _host(fn=sps.digamma, x=x) * t


gammaln_cb.defjvp(gammaln_jvp)
