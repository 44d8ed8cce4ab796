import functools


def _on_host(scipy_fn, x):
    """Run a SciPy ufunc on the host.

    Args:
        scipy_fn: the ufunc.
        x: the traced input.

    Returns:
        scipy_fn(x) with x's shape and dtype.
    """
    result_spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    fn = functools.partial(_cast_result, scipy_fn)
    return jax.pure_callback(fn, result_spec, x, vmap_method="expand_dims")


def _cast_result(scipy_fn, values):
    """Apply scipy_fn and keep the input dtype."""
    return scipy_fn(values).astype(values.dtype)


@jax.custom_jvp
def gammaln_cb(x):
    """log|Gamma(x)| computed by SciPy."""
    return _on_host(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    """The derivative of gammaln is digamma."""
    (x,), (x_dot,) = primals, tangents
    return gammaln_cb(x), _on_host(sps.digamma, x) * x_dot
