# 前向和导数都在主机上用 SciPy 算
def _cb(fn, x):
    out = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(lambda v: fn(v).astype(np.float32), out, x, vmap_method='expand_dims')


@jax.custom_jvp
def gammaln_cb(x):
    return _cb(sps.gammaln, x)


@gammaln_cb.defjvp
def _(p, t):
    x, = p
    dx, = t
    # d/dx lgamma = digamma
    return gammaln_cb(x), _cb(sps.digamma, x) * dx
