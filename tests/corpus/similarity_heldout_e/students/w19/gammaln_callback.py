def _call_scipy(function_on_host, argument: jax.Array) -> jax.Array:
    result_spec = jax.ShapeDtypeStruct(argument.shape, argument.dtype)
    return jax.pure_callback(
        lambda host_array: np.asarray(function_on_host(host_array), dtype=host_array.dtype),
        result_spec, argument, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x: jax.Array) -> jax.Array:
    return _call_scipy(sps.gammaln, x)


gammaln_cb.defjvps(lambda tangent_input, primal_output, primal_input:
                   _call_scipy(sps.digamma, primal_input) * tangent_input)
