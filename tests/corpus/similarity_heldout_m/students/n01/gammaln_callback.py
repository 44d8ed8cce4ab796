# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def _host_call(fn, x: jax.Array) -> jax.Array:
    """Run a SciPy special function on the host with x's shape and dtype."""
    result_shape = jax.ShapeDtypeStruct(jnp.shape(x), jnp.result_type(x))
    return jax.pure_callback(lambda v: np.asarray(fn(v), dtype=v.dtype), result_shape, x,
                             vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x: jax.Array) -> jax.Array:
    return _host_call(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    # d/dx log Gamma(x) = digamma(x), also computed on the host
    (x,), (dx,) = primals, tangents
    return gammaln_cb(x), _host_call(sps.digamma, x) * dx
