CHECK = False


def _scipy_call(fn, x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda v: fn(v).astype(v.dtype), spec, x, vmap_method="expand_dims")


def _sanity():
    v = np.linspace(0.5, 5.0, 4, dtype=np.float32)
    return np.allclose(sps.gammaln(v), np.log(np.abs(sps.gamma(v))))


@jax.custom_jvp
def gammaln_cb(x):
    if CHECK:
        print("sanity", _sanity())
    return _scipy_call(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_tangent(primals, tangents):
    x, = primals
    t, = tangents
    return gammaln_cb(x), _scipy_call(sps.digamma, x) * t
