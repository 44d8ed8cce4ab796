# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def make_scipy_callback(scipy_function):
    """Return a function that evaluates scipy_function on the host inside traced code."""
    def host_side(host_array):
        # SciPy may promote float32 to float64; cast back so the result matches the declared dtype
        return scipy_function(host_array).astype(host_array.dtype)

    def traced_side(traced_array):
        result_description = jax.ShapeDtypeStruct(traced_array.shape, traced_array.dtype)
        return jax.pure_callback(host_side, result_description, traced_array, vmap_method="broadcast_all")

    return traced_side


log_gamma_on_host = make_scipy_callback(sps.gammaln)
digamma_on_host = make_scipy_callback(sps.digamma)


@jax.custom_jvp
def gammaln_cb(x):
    return log_gamma_on_host(x)


@gammaln_cb.defjvp
def gammaln_cb_jvp(primal_values, tangent_values):
    (primal_input,) = primal_values
    (tangent_input,) = tangent_values
    return gammaln_cb(primal_input), digamma_on_host(primal_input) * tangent_input
