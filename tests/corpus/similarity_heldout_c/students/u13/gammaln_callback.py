import functools

USE_F64 = False


def _on_host(fn, x):
    return jax.pure_callback(
        lambda a: fn(np.asarray(a)).astype(np.float64 if USE_F64 else np.float32),
        jax.ShapeDtypeStruct(x.shape, jnp.float32),
        x,
        vmap_method='expand_dims',
    )


def _fd_check(x, h=1e-3):
    return (sps.gammaln(x + h) - sps.gammaln(x - h)) / (2 * h)


@jax.custom_jvp
def gammaln_cb(x):
    return _on_host(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return gammaln_cb(x), _on_host(sps.digamma, x) * t
