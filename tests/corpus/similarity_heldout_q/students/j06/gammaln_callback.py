def _host_lgam(a):
    res = np.empty_like(a)
    res[...] = sps.gammaln(a)
    return res


def _host_psi(a):
    res = np.empty_like(a)
    res[...] = sps.digamma(a)
    return res


@jax.custom_jvp
def gammaln_cb(x):
    tmp = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(_host_lgam, tmp, x, vmap_method="sequential")


@gammaln_cb.defjvp
def _gammaln_cb_jvp(p, t):
    x = p[0]
    dx = t[0]
    tmp = jax.ShapeDtypeStruct(x.shape, x.dtype)
    res = jax.pure_callback(_host_psi, tmp, x, vmap_method="sequential")
    return gammaln_cb(x), res * dx
