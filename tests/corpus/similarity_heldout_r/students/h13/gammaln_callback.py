def _cb(fn, x):
    # 1. result type = input type
    shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    # 2. host function, cast back to float32
    host = lambda a: fn(a).astype(np.float32)  # noqa: E731
    # 3. callback
    return jax.pure_callback(host, shape, x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _cb(sps.gammaln, x)


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    # 1. unpack  2. value  3. derivative digamma * tangent
    x, = primals
    t, = tangents
    return gammaln_cb(x), _cb(sps.digamma, x) * t
