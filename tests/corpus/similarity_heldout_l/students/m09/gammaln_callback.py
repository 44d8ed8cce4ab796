import jax.scipy.special as jss


def host_lg(a):
    return sps.gammaln(a).astype(np.float32)


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(host_lg, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="expand_dims")


@gammaln_cb.defjvp
def gammaln_jvp(p, t):
    x = p[0]
    dx = t[0]
    return gammaln_cb(x), jss.digamma(x) * dx
