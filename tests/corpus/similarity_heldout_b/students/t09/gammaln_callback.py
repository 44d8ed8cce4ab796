def _via_host(func, x):
    sd = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda z: func(z).astype(z.dtype), sd, x, vmap_method="broadcast_all")


import scipy.special as sps  # noqa: E402


@jax.custom_jvp
def gammaln_cb(x):
    return _via_host(sps.gammaln, x)


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x, x_dot = primals[0], tangents[0]
    psi = _via_host(sps.digamma, x)
    return gammaln_cb(x), psi * x_dot
