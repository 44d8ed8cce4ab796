def _host_call(fn, x):
    return jax.pure_callback(lambda a: fn(a).astype(a.dtype),
                             jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _host_call(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    return gammaln_cb(x), _host_call(sps.digamma, x) * x_dot
