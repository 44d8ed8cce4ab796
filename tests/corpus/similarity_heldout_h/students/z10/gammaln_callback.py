from functools import partial

_cb = partial(jax.pure_callback, vmap_method="sequential")


@jax.custom_jvp
def gammaln_cb(x):
    return _cb(lambda a: np.float32(sps.gammaln(a)), jax.ShapeDtypeStruct(x.shape, np.float32), x)


@gammaln_cb.defjvp
def _(p, t):
    return gammaln_cb(p[0]), _cb(lambda a: np.float32(sps.digamma(a)), jax.ShapeDtypeStruct(p[0].shape, np.float32), p[0]) * t[0]
