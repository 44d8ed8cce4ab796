def _on_host(fn, dtype):
    def run(a: np.ndarray) -> np.ndarray:
        return fn(a).astype(dtype)
    return run


def _pure(fn, x: jax.Array) -> jax.Array:
    out = jax.ShapeDtypeStruct(jnp.shape(x), x.dtype)
    return jax.pure_callback(_on_host(fn, x.dtype), out, x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x: jax.Array) -> jax.Array:
    return _pure(sps.gammaln, x)


def _gammaln_cb_jvp(primals: tuple, tangents: tuple) -> tuple[jax.Array, jax.Array]:
    (x,), (t,) = primals, tangents
    return gammaln_cb(x), t * _pure(sps.digamma, x)


gammaln_cb.defjvp(_gammaln_cb_jvp)
