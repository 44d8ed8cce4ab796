def _run(fn, x):
    out = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(lambda a: fn(a).astype(np.float32), out, x, vmap_method="sequential")


@jax.custom_jvp
def gammaln_cb(x):
    return _run(sps.gammaln, x)


@gammaln_cb.defjvp
def _(primals, tangents):
    x, = primals
    dx, = tangents
    y = _run(sps.gammaln, x)
    return y, _run(sps.digamma, x) * dx
