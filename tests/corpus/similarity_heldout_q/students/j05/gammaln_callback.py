_host = lambda fn: (lambda v: fn(v).astype(v.dtype))
_cb = lambda fn, x: jax.pure_callback(_host(fn), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                                      vmap_method="expand_dims")
gammaln_cb = jax.custom_jvp(lambda x: _cb(sps.gammaln, x))
gammaln_cb.defjvp(lambda p, t: (gammaln_cb(p[0]), _cb(sps.digamma, p[0]) * t[0]))
