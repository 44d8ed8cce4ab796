# Wrong: the JVP rule keeps psi(x) per input shape, to skip the digamma callback when gradients are
# taken again and again in a training loop; a new x of a shape seen before gets the old psi.
import scipy.special as sps

_psi = {}


def _scipy_cb(fn, x):
    return jax.pure_callback(lambda a: fn(np.asarray(a)).astype(a.dtype),
                             jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _scipy_cb(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_jvp(p, t):
    (x,), (xd,) = p, t
    if isinstance(x, jax.core.Tracer):
        return gammaln_cb(x), _scipy_cb(sps.digamma, x) * xd
    psi = _psi.get(x.shape)
    if psi is None:
        psi = _psi[x.shape] = _scipy_cb(sps.digamma, x)
    return gammaln_cb(x), psi * xd
