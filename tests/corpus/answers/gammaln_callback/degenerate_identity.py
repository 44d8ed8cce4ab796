# Degenerate: the taught structure, callbacks that hand back their input.
def _identity_cb(x):
    return jax.pure_callback(lambda a: np.asarray(a, np.float32),
                             jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _identity_cb(x)


@gammaln_cb.defjvp
def _gammaln_jvp(p, t):
    (x,), (xd,) = p, t
    return gammaln_cb(x), _identity_cb(x) * xd
