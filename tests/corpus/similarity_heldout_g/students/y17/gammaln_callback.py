# Exercise 2: SciPy's log-gamma through jax.pure_callback, derivative through digamma.


def _host_call(scipy_function, x):
    """Call scipy_function on the host, elementwise, through pure_callback."""
    result_spec = jax.ShapeDtypeStruct(x.shape, x.dtype)

    def host_function(x_numpy):
        # the callback receives NumPy arrays; return the declared dtype
        return np.asarray(scipy_function(x_numpy), dtype=x_numpy.dtype)

    # scipy ufuncs handle any shape, so a batch can be passed as one array
    return jax.pure_callback(host_function, result_spec, x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    """Elementwise log Gamma(x)."""
    return _host_call(sps.gammaln, x)


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    """y_dot = digamma(x) * x_dot."""
    x, = primals
    x_dot, = tangents
    y = gammaln_cb(x)
    y_dot = _host_call(sps.digamma, x) * x_dot
    return y, y_dot
