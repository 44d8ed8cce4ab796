_lg = lambda a: np.asarray(sps.gammaln(a), np.float32)
_dg = lambda a: np.asarray(sps.digamma(a), np.float32)


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(_lg, jax.ShapeDtypeStruct(x.shape, np.float32), x, vmap_method='broadcast_all')


# jvp: digamma(x) * t
gammaln_cb.defjvp(lambda p, t: (gammaln_cb(p[0]),
                                jax.pure_callback(_dg, jax.ShapeDtypeStruct(p[0].shape, np.float32), p[0],
                                                  vmap_method='broadcast_all') * t[0]))
