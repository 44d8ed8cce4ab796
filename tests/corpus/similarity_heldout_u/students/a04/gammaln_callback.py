from typing import Any, Callable


def _host_call(fn: Callable[[np.ndarray], np.ndarray], x: Any) -> Any:
    """Run a SciPy ufunc on the host, keeping ``x``'s shape and dtype."""
    result_shape = jax.ShapeDtypeStruct(x.shape, x.dtype)

    def on_host(value: np.ndarray) -> np.ndarray:
        return np.asarray(fn(value), dtype=value.dtype)

    return jax.pure_callback(on_host, result_shape, x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x: Any) -> Any:
    """log Gamma(x) through SciPy on the host."""
    return _host_call(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals: tuple[Any, ...], tangents: tuple[Any, ...]) -> tuple[Any, Any]:
    """d/dx log Gamma(x) = digamma(x)."""
    (x,), (x_dot,) = primals, tangents
    return gammaln_cb(x), _host_call(sps.digamma, x) * x_dot
