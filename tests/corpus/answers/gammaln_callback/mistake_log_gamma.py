# Typical mistake: log(gamma(x)) instead of gammaln(x). In float32, gamma(x) overflows to inf for
# x > 35.04, so the log is inf there.
import scipy.special as sps


def _cb(fn, x):
    return jax.pure_callback(lambda a: fn(a), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _cb(lambda a: np.log(sps.gamma(a)), x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return gammaln_cb(x), _cb(sps.digamma, x) * t
