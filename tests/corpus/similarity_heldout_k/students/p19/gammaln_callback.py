# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def call_scipy_through_pure_callback(scipy_ufunc, jax_input):
    """Evaluate a SciPy ufunc element-wise on the host and return a float32 array of the input's shape."""
    expected_result = jax.ShapeDtypeStruct(jax_input.shape, jnp.float32)
    return jax.pure_callback(
        lambda numpy_input: np.asarray(scipy_ufunc(numpy_input), dtype=np.float32),
        expected_result,
        jax_input,
        vmap_method="broadcast_all",
    )


@jax.custom_jvp
def gammaln_cb(x):
    """log Gamma(x) computed by scipy.special.gammaln."""
    return call_scipy_through_pure_callback(sps.gammaln, x)


@gammaln_cb.defjvp
def gammaln_cb_jvp_rule(primal_inputs, tangent_inputs):
    """Tangent rule: d log Gamma = digamma(x) dx, digamma also computed by SciPy."""
    primal_input, = primal_inputs
    tangent_input, = tangent_inputs
    primal_output = gammaln_cb(primal_input)
    tangent_output = call_scipy_through_pure_callback(sps.digamma, primal_input) * tangent_input
    return primal_output, tangent_output
