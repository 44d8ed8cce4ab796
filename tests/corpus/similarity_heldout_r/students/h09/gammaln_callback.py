def _on_host(fn, x):
    """Runs a SciPy function on the host.

    Args:
      fn: a SciPy ufunc.
      x: the input array.

    Returns:
      fn(x) with the dtype of x.
    """
    return jax.pure_callback(lambda v: fn(v).astype(v.dtype), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    """log|Gamma(x)| through a host callback.

    Args:
      x: input array.

    Returns:
      gammaln(x).
    """
    return _on_host(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    """JVP: the derivative of gammaln is digamma."""
    (x,), (t,) = primals, tangents
    return gammaln_cb(x), _on_host(sps.digamma, x) * t
