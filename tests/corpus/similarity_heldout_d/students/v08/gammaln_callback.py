import scipy.special


def host_gammaln(a):
    return np.asarray(scipy.special.gammaln(a), dtype=a.dtype)


def host_digamma(a):
    return np.asarray(scipy.special.digamma(a), dtype=a.dtype)


def like(x):
    return jax.ShapeDtypeStruct(x.shape, x.dtype)


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(host_gammaln, like(x), x, vmap_method='expand_dims')


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x, = primals
    t, = tangents
    # derivative of log-gamma is digamma, computed on the host as well
    return gammaln_cb(x), jax.pure_callback(host_digamma, like(x), x, vmap_method='expand_dims') * t
