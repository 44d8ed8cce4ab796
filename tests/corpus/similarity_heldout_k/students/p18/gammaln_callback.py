_host = {n: getattr(sps, n) for n in ("gammaln", "digamma")}


def _cb(n, x):
    return jax.pure_callback(lambda a: _host[n](a).astype(np.float32), jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _cb("gammaln", x)


@gammaln_cb.defjvp
def _(p, t):
    return gammaln_cb(p[0]), _cb("digamma", p[0]) * t[0]
