def _on_cpu(ufunc):
    """Host side: run the SciPy ufunc and return float32 (the declared dtype)."""
    return lambda host_x: np.asarray(ufunc(host_x)).astype(np.float32)


def _scipy(ufunc, v: jax.Array) -> jax.Array:
    """Elementwise SciPy call via pure_callback; under vmap the batch goes in one call."""
    return jax.pure_callback(_on_cpu(ufunc), jax.ShapeDtypeStruct(v.shape, jnp.float32), v,
                             vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(v: jax.Array) -> jax.Array:
    """scipy.special.gammaln, elementwise."""
    return _scipy(sps.gammaln, v)


@gammaln_cb.defjvp
def _gammaln_rule(primals, tangents):
    """psi(v) * tangent."""
    (v,), (v_dot,) = primals, tangents
    return gammaln_cb(v), _scipy(sps.digamma, v) * v_dot
