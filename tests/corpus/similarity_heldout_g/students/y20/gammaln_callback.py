def _host_eval(fn, x):
    """fn(x) on the host, as float32 of x's shape."""
    shape = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(lambda v: np.asarray(fn(v), dtype=np.float32), shape, x,
                             vmap_method='broadcast_all')


@jax.custom_jvp
def gammaln_cb(x):
    """Elementwise lgamma through scipy."""
    return _host_eval(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_jvp(primals, tangents):
    x, = primals
    t, = tangents
    # psi(x) * t
    return gammaln_cb(x), _host_eval(sps.digamma, x) * t
