def _make_host(fn):
    def host(a):
        return np.asarray(fn(a)).astype(a.dtype)
    return host


_HOST_GAMMALN = _make_host(sps.gammaln)
_HOST_DIGAMMA = _make_host(sps.digamma)


def _callback(host, x):
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method='broadcast_all')


@jax.custom_jvp
def gammaln_cb(x):
    return _callback(_HOST_GAMMALN, x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    # chain rule with digamma
    return _callback(_HOST_GAMMALN, x), _callback(_HOST_DIGAMMA, x) * t
