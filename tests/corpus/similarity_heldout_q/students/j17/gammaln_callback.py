_host = lambda fn: (lambda v: fn(v).astype(v.dtype))


def host_digamma(values):
    return sps.digamma(values).astype(values.dtype)


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(_host(sps.gammaln), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="expand_dims")


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    (x,) = primals
    (x_dot,) = tangents
    result_shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    derivative = jax.pure_callback(host_digamma, result_shape, x, vmap_method="expand_dims")
    return gammaln_cb(x), derivative * x_dot
