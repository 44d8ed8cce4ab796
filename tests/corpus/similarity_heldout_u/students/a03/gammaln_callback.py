_spec = lambda x: jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32)
_host = lambda fn: (lambda a: np.asarray(fn(a), dtype=np.float32))
_cb = lambda fn, x: jax.pure_callback(_host(fn), _spec(x), x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _cb(sps.gammaln, x)


gammaln_cb.defjvp(lambda p, t: (gammaln_cb(p[0]), _cb(sps.digamma, p[0]) * t[0]))
