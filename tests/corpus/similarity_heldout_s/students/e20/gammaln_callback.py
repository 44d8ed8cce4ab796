class Host:
    @staticmethod
    def gammaln(a):
        return np.asarray(sps.gammaln(a), np.float32)

    @staticmethod
    def digamma(a):
        return np.asarray(sps.digamma(a), np.float32)

    @staticmethod
    def call(fn, x):
        return jax.pure_callback(fn, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return Host.call(Host.gammaln, x)


gammaln_cb.defjvp(
    lambda primals, tangents: (gammaln_cb(primals[0]), Host.call(Host.digamma, primals[0]) * tangents[0])
)
