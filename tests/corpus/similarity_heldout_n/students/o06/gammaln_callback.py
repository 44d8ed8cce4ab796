# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def _scipy_on_host(fn, x: jax.Array) -> jax.Array:
    out_type: jax.ShapeDtypeStruct = jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32)

    def host(a: np.ndarray) -> np.ndarray:
        return np.float32(fn(a)) if np.ndim(a) == 0 else fn(a).astype(np.float32)

    return jax.pure_callback(host, out_type, x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x: jax.Array) -> jax.Array:
    return _scipy_on_host(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals: tuple, tangents: tuple) -> tuple:
    (x,), (x_dot,) = primals, tangents
    return _scipy_on_host(sps.gammaln, x), _scipy_on_host(sps.digamma, x) * x_dot
