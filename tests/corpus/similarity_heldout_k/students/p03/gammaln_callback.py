_spec = lambda x: jax.ShapeDtypeStruct(x.shape, x.dtype)
_lg = lambda x: jax.pure_callback(lambda a: sps.gammaln(a).astype(a.dtype), _spec(x), x, vmap_method="expand_dims")
_dg = lambda x: jax.pure_callback(lambda a: sps.digamma(a).astype(a.dtype), _spec(x), x, vmap_method="expand_dims")

gammaln_cb = jax.custom_jvp(_lg)
gammaln_cb.defjvp(lambda p, t: (gammaln_cb(p[0]), _dg(p[0]) * t[0]))
