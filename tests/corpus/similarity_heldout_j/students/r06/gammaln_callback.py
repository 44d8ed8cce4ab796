_host = lambda fn: (lambda a: fn(a).astype(np.float32))
_call = lambda fn, x: jax.pure_callback(_host(fn), jax.ShapeDtypeStruct(x.shape, jnp.float32), x, vmap_method="broadcast_all")

gammaln_cb = jax.custom_jvp(lambda x: _call(sps.gammaln, x))
gammaln_cb.defjvp(lambda p, t: (gammaln_cb(p[0]), _call(sps.digamma, p[0]) * t[0]))
