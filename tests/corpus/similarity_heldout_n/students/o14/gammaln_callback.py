def _host(fn):
    return lambda a: np.asarray(fn(a), dtype=np.float32)


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(_host(sps.gammaln), jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="expand_dims")


@gammaln_cb.defjvp
def gammaln_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    psi = jax.pure_callback(_host(sps.digamma), jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                            vmap_method="expand_dims")
    return gammaln_cb(x), t * psi
