# Degenerate: the taught structure (custom_jvp over pure_callback), callbacks that return zeros.
def _zeros_cb(x):
    return jax.pure_callback(lambda a: np.zeros(np.shape(a), np.float32),
                             jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _zeros_cb(x)


@gammaln_cb.defjvp
def _gammaln_jvp(p, t):
    (x,), (xd,) = p, t
    return gammaln_cb(x), _zeros_cb(x) * xd
