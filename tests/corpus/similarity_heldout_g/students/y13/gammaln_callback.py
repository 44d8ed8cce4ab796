def _on_host(func, v):
    s = jax.ShapeDtypeStruct(v.shape, jnp.float32)
    return jax.pure_callback(lambda a: np.asarray(func(a), dtype=np.float32), s, v,
                             vmap_method='broadcast_all')


@jax.custom_jvp
def gammaln_cb(v):
    return _on_host(sps.gammaln, v)


@gammaln_cb.defjvp
def _d(p, tt):
    v, = p
    dv, = tt
    return gammaln_cb(v), _on_host(sps.digamma, v) * dv
