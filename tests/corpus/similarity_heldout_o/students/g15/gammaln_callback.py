import functools


def _host_call(ufunc, x):
    shaped = jax.ShapeDtypeStruct(x.shape, x.dtype)
    run = functools.partial(_apply_cast, ufunc)
    return jax.pure_callback(run, shaped, x, vmap_method="expand_dims")


def _apply_cast(ufunc, arr):
    return ufunc(arr).astype(arr.dtype)


@jax.custom_jvp
def gammaln_cb(x):
    return _host_call(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (tx,) = primals, tangents
    return gammaln_cb(x), _host_call(sps.digamma, x) * tx
