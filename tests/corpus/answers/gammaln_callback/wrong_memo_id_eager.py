# Wrong: caches eager results by id(x) to skip the host round trip when the same array comes back.
# An id is reused once its array is collected, so a new array can get an old array's result.
import scipy.special as sps

_results = {}


def _scipy_cb(fn, x):
    return jax.pure_callback(lambda a: fn(np.asarray(a)).astype(a.dtype),
                             jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    if isinstance(x, jax.Array) and not isinstance(x, jax.core.Tracer):
        hit = _results.get(id(x))
        if hit is not None and hit.shape == x.shape:
            return hit
        y = _scipy_cb(sps.gammaln, x)
        _results[id(x)] = y
        return y
    return _scipy_cb(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_jvp(p, t):
    (x,), (xd,) = p, t
    return gammaln_cb(x), _scipy_cb(sps.digamma, x) * xd
