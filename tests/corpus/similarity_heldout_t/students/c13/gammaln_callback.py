import abc


class HostUfunc(abc.ABC):
    @staticmethod
    @abc.abstractmethod
    def fn(a): ...

    def __call__(self, x):
        sds = jax.ShapeDtypeStruct(x.shape, x.dtype)
        return jax.pure_callback(lambda a: np.asarray(self.fn(a), np.float32), sds, x, vmap_method="broadcast_all")


class _Gammaln(HostUfunc):
    fn = staticmethod(sps.gammaln)


class _Digamma(HostUfunc):
    fn = staticmethod(sps.digamma)


_lgamma, _psi = _Gammaln(), _Digamma()


@jax.custom_jvp
def gammaln_cb(x):
    return _lgamma(x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    x, = primals
    return _lgamma(x), _psi(x) * tangents[0]
