class Host:
    @staticmethod
    def gammaln(a):
        return sps.gammaln(a).astype(np.float32)

    @staticmethod
    def digamma(a):
        return sps.digamma(a).astype(np.float32)

    @staticmethod
    def call(fn, x):
        return jax.pure_callback(fn, jax.ShapeDtypeStruct(x.shape, np.float32), x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return Host.call(Host.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return gammaln_cb(x), Host.call(Host.digamma, x) * t
