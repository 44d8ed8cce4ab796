def make_host(fn):
    def host(a):
        return np.asarray(fn(a), np.float32)
    return host


host_gammaln = make_host(sps.gammaln)
host_digamma = make_host(sps.digamma)


def as_callback(host, x):
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, np.float32), x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return as_callback(host_gammaln, x)


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return gammaln_cb(x), as_callback(host_digamma, x) * t
