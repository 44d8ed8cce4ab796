def _call_scipy(fn, x):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    host = lambda a: np.asarray(fn(a),
                                dtype=a.dtype)
    return jax.pure_callback(
        host,
        out,
        x,
        vmap_method="expand_dims",
    )
@jax.custom_jvp
def gammaln_cb(x):
    return _call_scipy(sps.gammaln, x)
@gammaln_cb.defjvp
def _gammaln_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    psi = _call_scipy(sps.digamma, x)
    return (gammaln_cb(x),
            psi * t)
