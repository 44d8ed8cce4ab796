# Degenerate: the callbacks call SciPy, then throw the result away.
import scipy.special as sps


def _discarding_cb(fn, x):
    return jax.pure_callback(lambda a: (fn(np.asarray(a)), np.zeros(np.shape(a), np.float32))[1],
                             jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _discarding_cb(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_jvp(p, t):
    (x,), (xd,) = p, t
    return gammaln_cb(x), _discarding_cb(sps.digamma, x) * xd
