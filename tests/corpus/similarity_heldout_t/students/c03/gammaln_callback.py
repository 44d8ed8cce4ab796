def _cb(fn, x):
    return jax.pure_callback(
        lambda a: np.asarray(fn(a), dtype=np.float32),
        jax.ShapeDtypeStruct(x.shape, jnp.float32), x, vmap_method="sequential")


@jax.custom_jvp
def gammaln_cb(x):
    return _cb(sps.gammaln, x)


@gammaln_cb.defjvp
def _(primals, tangents):
    return (y := gammaln_cb(x := primals[0])), _cb(sps.digamma, x) * tangents[0]
