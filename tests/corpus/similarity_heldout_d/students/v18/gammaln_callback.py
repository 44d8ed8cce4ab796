import scipy.special as sps


def gl(a):
    return sps.gammaln(a).astype(np.float32)


def dg(a):
    return sps.digamma(a).astype(np.float32)


@jax.custom_jvp
def gammaln_cb(x):
    o = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(gl, o, x, vmap_method='broadcast_all')


@gammaln_cb.defjvp
def gammaln_cb_jvp(p, t):
    x, = p
    xd, = t
    o = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    d = jax.pure_callback(dg, o, x, vmap_method='broadcast_all')
    return gammaln_cb(x), d * xd
