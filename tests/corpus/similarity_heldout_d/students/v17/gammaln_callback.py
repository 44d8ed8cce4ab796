from scipy.special import digamma, gammaln


def _callback(fn, x):
    # pure_callback: shape/dtype declared up front, numpy on the host
    return jax.pure_callback(lambda a: np.asarray(fn(a), a.dtype),
                             jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _callback(gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return _callback(gammaln, x), _callback(digamma, x) * t
