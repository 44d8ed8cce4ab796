def host_function(name):
    if name == "value":
        fn = sps.gammaln
    else:
        fn = sps.digamma

    def run(a):
        return np.asarray(fn(a)).astype(a.dtype)

    return run


def through_callback(name, x):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(host_function(name), out, x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return through_callback("value", x)


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x = primals[0]
    t = tangents[0]
    return gammaln_cb(x), through_callback("derivative", x) * t
