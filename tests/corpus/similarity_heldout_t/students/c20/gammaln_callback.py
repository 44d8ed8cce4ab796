_HOST = {"value": sps.gammaln, "deriv": sps.digamma}


def _callback(kind, x):
    fn = _HOST[kind]
    return jax.pure_callback(lambda a: fn(a).astype(a.dtype), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _callback("value", x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    x, = primals
    t, = tangents
    return _callback("value", x), _callback("deriv", x) * t
