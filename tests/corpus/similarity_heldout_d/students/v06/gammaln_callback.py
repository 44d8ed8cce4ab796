import scipy.special as sps
from jax.scipy.special import digamma


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(lambda a: sps.gammaln(a).astype(a.dtype),
                             jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="expand_dims")


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    return gammaln_cb(x), digamma(x) * dx
