# log-gamma on the host through pure_callback, with its derivative (digamma) also on the host.
def _host_gammaln(values: np.ndarray) -> np.ndarray:
    return np.asarray(sps.gammaln(values), dtype=np.float32)


def _host_digamma(values: np.ndarray) -> np.ndarray:
    return np.asarray(sps.digamma(values), dtype=np.float32)


def _on_host(host_function, x: jax.Array) -> jax.Array:
    result_shape = jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32)
    # SciPy ufuncs handle any shape, so a vmapped call can go to the host in one batch.
    return jax.pure_callback(host_function, result_shape, x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x: jax.Array) -> jax.Array:
    return _on_host(_host_gammaln, x)


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals: tuple, tangents: tuple) -> tuple:
    (x,), (x_dot,) = primals, tangents
    return gammaln_cb(x), _on_host(_host_digamma, x) * x_dot
