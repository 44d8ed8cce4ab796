def _callback(fn, x):
    """Run the SciPy function ``fn`` on the host.

    :param fn: a SciPy ufunc
    :param x: a JAX array
    :return: ``fn(x)`` with the dtype of ``x``
    """
    return jax.pure_callback(lambda v: fn(v).astype(v.dtype), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="sequential")


@jax.custom_jvp
def gammaln_cb(x):
    """:param x: a JAX array; :return: ``gammaln(x)`` computed by SciPy"""
    return _callback(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    """:return: ``(gammaln(x), digamma(x) * t)``"""
    x, = primals
    t, = tangents
    return gammaln_cb(x), _callback(sps.digamma, x) * t
