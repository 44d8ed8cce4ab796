_HOST = {"value": sps.gammaln, "deriv": sps.digamma}


def _call(kind, x):
    return jax.pure_callback(lambda a: _HOST[kind](a).astype(np.float32, copy=False),
                             jax.ShapeDtypeStruct(x.shape, np.float32), x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _call("value", x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return _call("value", x), _call("deriv", x) * t
