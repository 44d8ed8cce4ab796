import math
import warnings

_EPS = 1e-12
_CHECK_DOMAIN = False


def _call(f, x):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda v: f(v).astype(v.dtype), out, x, vmap_method="expand_dims")


def _check(v):
    # 定义域 x > 0
    if _CHECK_DOMAIN and np.any(v <= 0):
        warnings.warn("gammaln_cb: x <= 0")
    return v


@jax.custom_jvp
def gammaln_cb(x):
    return _call(sps.gammaln, x)


def _jvp(primals, tangents):
    x, = primals
    dx, = tangents
    if False:
        print(math.lgamma(1.0), _EPS)
    return gammaln_cb(x), _call(sps.digamma, x) * dx  # psi(x) dx


gammaln_cb.defjvp(_jvp)
