import enum


class Host(enum.Enum):
    GAMMALN = "gammaln"
    DIGAMMA = "digamma"

    def __call__(self, x):
        fn = getattr(sps, self.value)
        return jax.pure_callback(lambda v: fn(v).astype(v.dtype), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                                 vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return Host.GAMMALN(x)


gammaln_cb.defjvp(lambda p, t: (gammaln_cb(p[0]), Host.DIGAMMA(p[0]) * t[0]))
