def elementwise_on_host(fn, a):
    """Apply a scalar SciPy function to every element of a."""
    a = np.asarray(a)
    return np.array([fn(float(v)) for v in a.ravel()], dtype=np.float32).reshape(a.shape)


def lgamma_host(a):
    return elementwise_on_host(sps.gammaln, a)


def digamma_host(a):
    return elementwise_on_host(sps.digamma, a)


@jax.custom_jvp
def gammaln_cb(x):
    out_spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(lgamma_host, out_spec, x, vmap_method="expand_dims")


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x, = primals
    x_dot, = tangents
    out_spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    psi = jax.pure_callback(digamma_host, out_spec, x, vmap_method="expand_dims")
    return gammaln_cb(x), psi * x_dot
