回 = lambda 函, x: jax.pure_callback(lambda a: np.asarray(函(a), np.float32),
                                     jax.ShapeDtypeStruct(x.shape, jnp.float32), x, vmap_method="broadcast_all")
gammaln_cb = jax.custom_jvp(lambda x: 回(sps.gammaln, x))
gammaln_cb.defjvps(lambda t, y, x: 回(sps.digamma, x) * t)
