def host_gammaln(a):
    return sps.gammaln(a).astype(np.float32)


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(host_gammaln, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method='broadcast_all')


@gammaln_cb.defjvp
def gammaln_jvp(p, t):
    x, = p
    dx, = t
    return gammaln_cb(x), jax.scipy.special.digamma(x) * dx
