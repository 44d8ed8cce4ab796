# Exercise 2: log-gamma through a host callback, with a custom JVP.


def _special(name: str, x: jax.Array) -> jax.Array:
    """Evaluate scipy.special.<name> elementwise on the host."""
    host_fn = getattr(sps, name)

    def on_host(values: np.ndarray) -> np.ndarray:
        return np.asarray(host_fn(values), dtype=values.dtype)

    return jax.pure_callback(on_host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x: jax.Array) -> jax.Array:
    return _special("gammaln", x)


@gammaln_cb.defjvp
def _gammaln_jvp(primals: tuple, tangents: tuple) -> tuple:
    (x,), (x_dot,) = primals, tangents
    # d/dx log Gamma(x) = digamma(x)
    return gammaln_cb(x), _special("digamma", x) * x_dot
