# Exercise 2: log-gamma through pure_callback
def _callback(ufunc, x):
    x = jnp.asarray(x, jnp.float32)
    shape_dtype = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(
        lambda v: ufunc(np.float64(1.0) * v).astype(np.float32),
        shape_dtype,
        x,
        vmap_method="broadcast_all",
    )


@jax.custom_jvp
def gammaln_cb(x):
    return _callback(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    return gammaln_cb(x), _callback(sps.digamma, x) * dx
