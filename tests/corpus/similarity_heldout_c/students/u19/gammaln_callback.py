def _on_host(fn, x):
    # call SciPy on the host, cast back to float32
    return jax.pure_callback(
        lambda a: fn(np.asarray(a)).astype(np.float32),
        jax.ShapeDtypeStruct(x.shape, jnp.float32),
        x,
        vmap_method="expand_dims",
    )


@jax.custom_jvp
def gammaln_cb(x):
    return _on_host(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    # the derivative is digamma
    return gammaln_cb(x), _on_host(sps.digamma, x) * t
