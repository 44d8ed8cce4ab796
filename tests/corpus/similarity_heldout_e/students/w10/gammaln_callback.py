def _scipy_elementwise(fn, x):
    """Call `fn` (a SciPy ufunc) on the host with x's shape and dtype."""
    return jax.pure_callback(
        lambda arr: fn(np.asarray(arr)).astype(arr.dtype),
        jax.ShapeDtypeStruct(x.shape, x.dtype),
        x,
        vmap_method="expand_dims",
    )


@jax.custom_jvp
def gammaln_cb(x):
    """log|Gamma(x)| evaluated by scipy.special.gammaln."""
    return _scipy_elementwise(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    x, = primals
    x_dot, = tangents
    y = gammaln_cb(x)
    return y, _scipy_elementwise(sps.digamma, x) * x_dot
