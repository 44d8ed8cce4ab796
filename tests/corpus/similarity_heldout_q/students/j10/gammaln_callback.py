def _via_host(fn, x):
    return jax.pure_callback(
        lambda v: np.asarray(fn(v), dtype=np.float32),
        jax.ShapeDtypeStruct(x.shape, np.float32),
        x,
        vmap_method="broadcast_all",
    )


@jax.custom_jvp
def gammaln_cb(x):
    return _via_host(sps.gammaln, x)


@gammaln_cb.defjvp
def _(primals, tangents):
    x, = primals
    t, = tangents
    return gammaln_cb(x), _via_host(partial(sps.polygamma, 0), x) * t
