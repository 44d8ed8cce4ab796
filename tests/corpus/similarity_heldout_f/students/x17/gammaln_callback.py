def _sds(x):
    return jax.ShapeDtypeStruct(x.shape, jnp.float32)


def _digamma_cb(x):
    # derivative of gammaln, on the host as well
    return jax.pure_callback(lambda v: np.float32(sps.digamma(v)), _sds(x), x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(lambda v: np.float32(sps.gammaln(v)), _sds(x), x, vmap_method="expand_dims")


@gammaln_cb.defjvp
def _(primals, tangents):
    x, = primals
    t, = tangents
    return gammaln_cb(x), _digamma_cb(x) * t
