def _scipy_on_host(fn, x):
    """Runs a SciPy function on the host through pure_callback.

    Args:
        fn: SciPy function.
        x: device array.

    Returns:
        fn(x) with x's shape and dtype.
    """
    return jax.pure_callback(lambda a: fn(a).astype(a.dtype), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    """log|Gamma(x)| computed by SciPy.

    Args:
        x: input array.

    Returns:
        gammaln(x).
    """
    return _scipy_on_host(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    """JVP of gammaln: digamma(x) * t."""
    (x,), (t,) = primals, tangents
    return gammaln_cb(x), _scipy_on_host(sps.digamma, x) * t
