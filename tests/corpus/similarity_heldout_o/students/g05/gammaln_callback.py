_spec = lambda x: jax.ShapeDtypeStruct(jnp.shape(x), jnp.result_type(x))
_on_host = lambda fn: (lambda a: np.asarray(fn(a)).astype(a.dtype))

gammaln_cb = jax.custom_jvp(
    lambda x: jax.pure_callback(_on_host(sps.gammaln), _spec(x), x, vmap_method="expand_dims"))
gammaln_cb.defjvp(lambda p, t: (
    gammaln_cb(p[0]),
    jax.pure_callback(_on_host(sps.digamma), _spec(p[0]), p[0], vmap_method="expand_dims") * t[0]))
