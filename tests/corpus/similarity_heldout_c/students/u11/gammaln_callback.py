def make_cb(fn):
    def host(a):
        return np.asarray(fn(a), dtype=np.float32)

    def call(x):
        out = jax.ShapeDtypeStruct(x.shape, x.dtype)
        return jax.pure_callback(host, out, x, vmap_method="sequential")

    return call


_lgamma = make_cb(sps.gammaln)
_psi = make_cb(sps.digamma)


@jax.custom_jvp
def gammaln_cb(x):
    return _lgamma(x)


@gammaln_cb.defjvp
def _(primals, tangents):
    x, = primals
    x_dot, = tangents
    # the derivative is digamma
    return _lgamma(x), _psi(x) * x_dot
