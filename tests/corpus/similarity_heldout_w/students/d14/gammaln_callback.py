# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。


def on_host(ufunc, arr):
    """Evaluate a SciPy ufunc element-wise on the host, cast back to the input dtype."""
    spec = jax.ShapeDtypeStruct(jnp.shape(arr), arr.dtype)

    def cb(buf):
        # the callback receives a NumPy array
        return np.asarray(ufunc(buf), dtype=buf.dtype)

    # SciPy ufuncs accept any shape, so expand_dims is enough
    return jax.pure_callback(cb, spec, arr, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    """log Gamma(x), through pure_callback into scipy.special.gammaln."""
    return on_host(sps.gammaln, x)


@gammaln_cb.defjvp
def _deriv(primal, tangent):
    # d/dx log Gamma(x) = digamma(x)
    (v,), (dv,) = primal, tangent
    return gammaln_cb(v), on_host(sps.digamma, v) * dv
