import scipy.special as sps


def _cb(fn, x: jax.Array) -> jax.Array:
    return jax.pure_callback(lambda a: fn(np.asarray(a)).astype(a.dtype),
                             jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x: jax.Array) -> jax.Array:
    return _cb(sps.gammaln, x)


@gammaln_cb.defjvp
def _jvp(primals: tuple, tangents: tuple) -> tuple:
    (x,), (t,) = primals, tangents
    return gammaln_cb(x), _cb(sps.digamma, x) * t
