from dataclasses import dataclass


@dataclass(frozen=True)
class HostUfunc:
    fn: object

    def __call__(self, x):
        out = jax.ShapeDtypeStruct(x.shape, np.float32)
        return jax.pure_callback(lambda a: np.asarray(self.fn(a), dtype=np.float32), out, x,
                                 vmap_method="expand_dims")


_gammaln = HostUfunc(sps.gammaln)
_digamma = HostUfunc(sps.digamma)


@jax.custom_jvp
def gammaln_cb(x):
    return _gammaln(x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,) = primals
    (dx,) = tangents
    return gammaln_cb(x), _digamma(x) * dx
