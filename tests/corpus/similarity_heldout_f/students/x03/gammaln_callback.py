def _call(f, x):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda v: f(v).astype(v.dtype), out, x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _call(sps.gammaln, x)


def _jvp(primals, tangents):
    x, = primals
    dx, = tangents
    return gammaln_cb(x), _call(sps.digamma, x) * dx  # psi(x) dx


gammaln_cb.defjvp(_jvp)
