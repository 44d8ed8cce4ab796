def _cb(fn, x):
    return jax.pure_callback(lambda a: np.asarray(fn(a), dtype=a.dtype), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="sequential")
gammaln_cb = jax.custom_jvp(lambda x: _cb(sps.gammaln, x))
gammaln_cb.defjvp(lambda primals, tangents: (gammaln_cb(primals[0]), _cb(sps.digamma, primals[0]) * tangents[0]))
