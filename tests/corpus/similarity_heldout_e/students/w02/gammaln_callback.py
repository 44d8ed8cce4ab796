def _call_scipy(function_on_host, argument: jax.Array) -> jax.Array:
    """Run a SciPy element-wise function on the host, keeping the shape and dtype of `argument`."""
    result_spec = jax.ShapeDtypeStruct(argument.shape, argument.dtype)
    return jax.pure_callback(
        lambda host_array: np.asarray(function_on_host(host_array), dtype=host_array.dtype),
        result_spec, argument, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x: jax.Array) -> jax.Array:
    """log Gamma(x) through scipy.special.gammaln."""
    return _call_scipy(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals: tuple, tangents: tuple) -> tuple:
    (primal_input,), (tangent_input,) = primals, tangents
    # d/dx log Gamma(x) = digamma(x), also evaluated by SciPy on the host
    return gammaln_cb(primal_input), _call_scipy(sps.digamma, primal_input) * tangent_input
