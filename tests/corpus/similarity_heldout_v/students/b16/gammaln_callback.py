def _lgamma_np(a):
    return np.asarray(sps.gammaln(np.asarray(a)), dtype=np.float32)


def _psi_np(a):
    return np.asarray(sps.digamma(np.asarray(a)), dtype=np.float32)


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(_lgamma_np, jax.ShapeDtypeStruct(np.shape(x), np.float32), x,
                             vmap_method="expand_dims")


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    x, = primals
    t, = tangents
    psi = jax.pure_callback(_psi_np, jax.ShapeDtypeStruct(np.shape(x), np.float32), x,
                            vmap_method="expand_dims")
    return gammaln_cb(x), psi * t
