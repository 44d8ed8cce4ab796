_cb = lambda fn, x: jax.pure_callback(lambda a: fn(a).astype(a.dtype), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                                      vmap_method="broadcast_all")
gammaln_cb = jax.custom_jvp(lambda x: _cb(sps.gammaln, x))
gammaln_cb.defjvp(lambda p, t: (gammaln_cb(p[0]), _cb(sps.digamma, p[0]) * t[0]))
