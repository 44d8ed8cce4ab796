def _scipy(fn, x):
    return jax.pure_callback(lambda a: fn(a).astype(np.float32), jax.ShapeDtypeStruct(x.shape, jnp.float32),
                             x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _scipy(sps.gammaln, x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    x, = primals
    dx, = tangents
    dlog = _scipy(lambda a: sps.polygamma(1, a), x)
    return gammaln_cb(x), dlog * dx
