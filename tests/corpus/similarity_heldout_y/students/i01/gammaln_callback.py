import math

import scipy.special as sps

# only for checking values by hand (Stirling's approximation of log gamma)
HALF_LOG_TWO_PI = 0.5 * math.log(2 * math.pi)


def _wrap(func):
    def inner(arr):
        return np.asarray(func(arr), dtype=np.float32)
    return inner


def _via_host(func, v):
    return jax.pure_callback(_wrap(func), jax.ShapeDtypeStruct(v.shape, jnp.float32), v,
                             vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _via_host(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(p, t):
    (v,), (dv,) = p, t
    return _via_host(sps.gammaln, v), _via_host(sps.digamma, v) * dv
