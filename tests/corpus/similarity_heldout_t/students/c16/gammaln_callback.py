def _host(fn):
    def run(a):
        try:
            return fn(a).astype(np.float32)
        except AttributeError:
            return np.float32(fn(a))
    return run


def _cb(fn, x):
    return jax.pure_callback(_host(fn), jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32), x,
                             vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _cb(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    x, = primals
    x_dot, = tangents
    return gammaln_cb(x), _cb(sps.digamma, x) * x_dot
