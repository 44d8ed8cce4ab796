def _callback(fn, x):
    if jnp.result_type(x) != jnp.float32:
        raise TypeError(f"gammaln_cb expects float32 input, got {jnp.result_type(x)}")
    spec = jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32)
    return jax.pure_callback(lambda v: fn(v).astype(np.float32), spec, x, vmap_method="sequential")


@jax.custom_jvp
def gammaln_cb(x):
    return _callback(sps.gammaln, x)


def _jvp(primals, tangents):
    if len(primals) != 1:
        raise TypeError("gammaln_cb takes one argument")
    (x,), (dx,) = primals, tangents
    return gammaln_cb(x), _callback(sps.digamma, x) * dx


gammaln_cb.defjvp(_jvp)
