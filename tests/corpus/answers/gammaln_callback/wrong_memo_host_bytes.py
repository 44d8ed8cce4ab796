# Wrong: the host functions memoise SciPy's result by the input's bytes (dtype included), and hand the
# cached array back as it is: the same data in another shape gets a result of the old shape.
import scipy.special as sps

_memo = {}


def _host(fn):
    def run(a):
        key = (fn.__name__, a.dtype.str, a.tobytes())
        if key not in _memo:
            _memo[key] = fn(np.asarray(a)).astype(a.dtype)
        return _memo[key]
    return run


def _scipy_cb(fn, x):
    return jax.pure_callback(_host(fn), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _scipy_cb(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_jvp(p, t):
    (x,), (xd,) = p, t
    return gammaln_cb(x), _scipy_cb(sps.digamma, x) * xd
