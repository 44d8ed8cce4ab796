import scipy.special as sps


def _make_host(f):
    def call(x):
        return jax.pure_callback(
            lambda a: f(a).astype(np.float32),
            jax.ShapeDtypeStruct(x.shape, np.float32), x,
            vmap_method="expand_dims")
    return call


lgamma_host = _make_host(sps.gammaln)
digamma_host = _make_host(sps.digamma)


@jax.custom_jvp
def gammaln_cb(x):
    return lgamma_host(x)


@gammaln_cb.defjvp
def _gammaln_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return lgamma_host(x), digamma_host(x) * t
