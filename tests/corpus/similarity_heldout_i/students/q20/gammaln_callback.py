def _host(fn):
    return lambda a: np.asarray(fn(a), dtype=a.dtype)


def _pcb(fn, x: jax.Array) -> jax.Array:
    return jax.pure_callback(_host(fn), jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x: jax.Array) -> jax.Array:
    return _pcb(sps.gammaln, x)


gammaln_cb.defjvps(lambda t, ans, x: t * _pcb(sps.digamma, x))
