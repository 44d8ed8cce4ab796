def _f(a):
    return sps.gammaln(a).astype(np.float32)


def _df(a):
    return sps.digamma(a).astype(np.float32)


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(_f, jax.ShapeDtypeStruct(x.shape, jnp.float32), x)


@gammaln_cb.defjvp
def _jvp(p, t):
    x, = p
    d = jax.pure_callback(_df, jax.ShapeDtypeStruct(x.shape, jnp.float32), x)
    return gammaln_cb(x), d * t[0]
