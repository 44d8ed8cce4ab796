# 回调 + custom_jvp
import scipy.special as sps


def cb(fn, x):
    return jax.pure_callback(lambda a: fn(a).astype(a.dtype),
                             jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method='expand_dims')


@jax.custom_jvp
def gammaln_cb(x):
    return cb(sps.gammaln, x)


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x, = primals
    t, = tangents
    return gammaln_cb(x), cb(sps.digamma, x) * t
