def _host_fn(fn):
    def run(a):
        out = fn(a)
        if out.dtype == a.dtype:
            return out
        else:
            return out.astype(a.dtype)
    return run


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(_host_fn(sps.gammaln), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="broadcast_all")


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x, = primals
    t, = tangents
    deriv = jax.pure_callback(_host_fn(sps.digamma), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                              vmap_method="broadcast_all")
    return gammaln_cb(x), deriv * t
