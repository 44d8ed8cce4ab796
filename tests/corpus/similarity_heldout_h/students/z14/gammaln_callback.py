# gammaln_cb: SciPy's gammaln via pure_callback, with digamma as its derivative.


def _host_call(ufunc, operand: jax.Array) -> jax.Array:
    """Run a SciPy ufunc on the host, keeping the operand's shape and float32 dtype.

    The ufunc broadcasts over any shape, so a batched operand can be passed in one call.
    """
    result_spec = jax.ShapeDtypeStruct(operand.shape, jnp.float32)
    return jax.pure_callback(lambda host_array: ufunc(host_array).astype(np.float32), result_spec, operand,
                             vmap_method="expand_dims")


def _gammaln_forward(x: jax.Array) -> jax.Array:
    return _host_call(sps.gammaln, x)


gammaln_cb = jax.custom_jvp(_gammaln_forward)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals: tuple[jax.Array], tangents: tuple[jax.Array]) -> tuple[jax.Array, jax.Array]:
    """d/dx log Gamma(x) = digamma(x)."""
    (x,), (tangent,) = primals, tangents
    return gammaln_cb(x), _host_call(sps.digamma, x) * tangent
