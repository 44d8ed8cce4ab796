def _gl(a):
    return sps.gammaln(a).astype(np.float32)


def _dg(a):
    return sps.digamma(a).astype(np.float32)


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(_gl, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    x, = primals
    dx, = tangents
    d = jax.pure_callback(_dg, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return gammaln_cb(x), d * dx
