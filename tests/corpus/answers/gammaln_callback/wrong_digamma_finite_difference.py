# Mistake: the derivative as a central difference of SciPy's gammaln with a fixed step, in the
# callback: accurate where x is well above the step, but for x below it x - h leaves the domain (and
# near it the step is no longer small against x).
import scipy.special as sps

_H = 1e-5


def _cb(fn, x):
    return jax.pure_callback(lambda a: fn(np.asarray(a, np.float64)).astype(a.dtype),
                             jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="expand_dims")


def _central_difference(a):
    return (sps.gammaln(a + _H) - sps.gammaln(a - _H)) / (2 * _H)


@jax.custom_jvp
def gammaln_cb(x):
    return _cb(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_jvp(p, t):
    (x,), (xd,) = p, t
    return gammaln_cb(x), _cb(_central_difference, x) * xd
