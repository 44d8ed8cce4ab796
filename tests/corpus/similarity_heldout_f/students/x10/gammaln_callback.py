def _scipy_on_host(name: str):
    """A host function applying scipy.special.<name> and returning float32."""
    fn = getattr(sps, name)
    return lambda a: fn(np.asarray(a, dtype=np.float32)).astype(np.float32)


def _scipy_callback(name: str, x: jax.Array) -> jax.Array:
    """Elementwise scipy.special.<name> through pure_callback (vmap: the ufunc takes the whole batch)."""
    out_type = jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32)
    return jax.pure_callback(_scipy_on_host(name), out_type, x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x: jax.Array) -> jax.Array:
    """log Gamma(x), elementwise, computed by SciPy on the host."""
    return _scipy_callback("gammaln", x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    """d/dx log Gamma(x) = digamma(x)."""
    (x,), (x_dot,) = primals, tangents
    return gammaln_cb(x), _scipy_callback("digamma", x) * x_dot
