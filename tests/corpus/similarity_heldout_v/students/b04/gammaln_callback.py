import functools


@functools.lru_cache(maxsize=None)
def _host(ufunc):
    def run(a):
        return np.asarray(ufunc(a), dtype=np.float32)
    return run


def _cb(ufunc, x):
    return jax.pure_callback(_host(ufunc), jax.ShapeDtypeStruct(x.shape, np.float32), x,
                             vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _cb(sps.gammaln, x)


gammaln_cb.defjvps(lambda x_dot, primal_out, x: _cb(sps.digamma, x) * x_dot)
