# 练习 2:pure_callback + custom_jvp
def _gammaln_host(a):
    return np.asarray(sps.gammaln(a), dtype=a.dtype)


def _digamma_host(a):
    return np.asarray(sps.digamma(a), dtype=a.dtype)


def _like(x):
    return jax.ShapeDtypeStruct(jnp.shape(x), jnp.result_type(x))


@jax.custom_jvp
def gammaln_cb(x):
    x = jnp.asarray(x)
    return jax.pure_callback(_gammaln_host, _like(x), x, vmap_method="broadcast_all")


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x, = primals
    dx, = tangents
    x = jnp.asarray(x)
    psi = jax.pure_callback(_digamma_host, _like(x), x, vmap_method="broadcast_all")
    return gammaln_cb(x), psi * dx
