def _call(fn, x):
    return jax.pure_callback(lambda a: fn(a).astype(np.float32),
                             jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _call(sps.gammaln, x)


# derivative = digamma
@gammaln_cb.defjvp
def _jvp(primals, tangents):
    x = primals[0]
    dx = tangents[0]
    y = gammaln_cb(x)
    dy = _call(sps.digamma, x) * dx
    return y, dy
