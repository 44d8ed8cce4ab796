def _host(fn):
    def run(a):
        return np.asarray(fn(a), dtype=a.dtype)
    return run


def cb(fn, x):
    return jax.pure_callback(_host(fn), jax.ShapeDtypeStruct(shape=x.shape, dtype=x.dtype), x,
                             vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return cb(sps.gammaln, x)


gammaln_cb.defjvp(lambda p, t: (gammaln_cb(p[0]), cb(sps.digamma, p[0]) * t[0]))
