def _np_gammaln(a):
    return np.asarray(sps.gammaln(np.asarray(a, np.float64)), np.float32)


def _np_digamma(a):
    return np.asarray(sps.digamma(np.asarray(a, np.float64)), np.float32)


@jax.custom_jvp
def gammaln_cb(x):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(_np_gammaln, spec, x, vmap_method="broadcast_all")


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    psi = jax.pure_callback(_np_digamma, spec, x, vmap_method="broadcast_all")
    return gammaln_cb(x), psi * dx
