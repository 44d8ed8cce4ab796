def _host(fn):
    """
    >>> _host(sps.gammaln)(np.float32([1.0, 2.0]))
    array([0., 0.], dtype=float32)
    """
    return lambda a: fn(a).astype(np.float32)


@jax.custom_jvp
def gammaln_cb(x):
    """
    >>> float(gammaln_cb(jnp.float32(3.0)))  # log 2
    0.6931...
    """
    return jax.pure_callback(_host(sps.gammaln), jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="broadcast_all")


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    x, = primals
    dx, = tangents
    psi = jax.pure_callback(_host(sps.digamma), jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                            vmap_method="broadcast_all")
    return gammaln_cb(x), psi * dx
