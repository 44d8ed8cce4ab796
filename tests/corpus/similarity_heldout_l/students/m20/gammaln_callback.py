# gammaln through pure_callback, custom_jvp with digamma
def _host(name):
    f = getattr(sps, name)
    return lambda a: f(a).astype(np.float32)


_HOST = {n: _host(n) for n in ("gammaln", "digamma")}


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(_HOST["gammaln"], jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="broadcast_all")


def _jvp(p, t):
    x, = p
    xd, = t
    d = jax.pure_callback(_HOST["digamma"], jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                          vmap_method="broadcast_all")
    return gammaln_cb(x), d * xd


gammaln_cb.defjvp(_jvp)
