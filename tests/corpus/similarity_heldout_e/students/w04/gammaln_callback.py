def _both_on_host(a):
    # one trip to the host gives the value and the derivative
    a = np.asarray(a)
    return sps.gammaln(a).astype(a.dtype), sps.digamma(a).astype(a.dtype)


def _both(x):
    sds = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(_both_on_host, (sds, sds), x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _both(x)[0]


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    x, = primals
    t, = tangents
    val, dval = _both(x)
    return val, dval * t
