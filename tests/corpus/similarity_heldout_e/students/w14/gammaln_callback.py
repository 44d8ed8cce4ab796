def _host_special_function(special_function_name: str, argument: jax.Array) -> jax.Array:
    """Evaluate scipy.special.<name> element-wise on the host through pure_callback."""
    special_function = getattr(sps, special_function_name)

    def evaluate_on_host(host_argument: np.ndarray) -> np.ndarray:
        return np.asarray(special_function(host_argument), dtype=host_argument.dtype)

    output_spec = jax.ShapeDtypeStruct(argument.shape, argument.dtype)
    return jax.pure_callback(evaluate_on_host, output_spec, argument, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x: jax.Array) -> jax.Array:
    """log Gamma(x) computed by SciPy on the host, differentiable through custom_jvp."""
    return _host_special_function("gammaln", x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals: tuple, tangents: tuple) -> tuple:
    (primal_input,), (tangent_input,) = primals, tangents
    primal_output = _host_special_function("gammaln", primal_input)
    tangent_output = _host_special_function("digamma", primal_input) * tangent_input
    return primal_output, tangent_output
