import math

import scipy.special as sps

# Stirling, only to check by hand: log Γ(x) ≈ (x - 1/2) log x - x + log √(2π)
_LOG_SQRT_2PI = 0.5 * math.log(2 * math.pi)


def _host(fn):
    def run(a):
        return np.asarray(fn(a), dtype=np.float32)
    return run


def _callback(fn, x):
    return jax.pure_callback(_host(fn), jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _callback(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    return _callback(sps.gammaln, x), _callback(sps.digamma, x) * dx
