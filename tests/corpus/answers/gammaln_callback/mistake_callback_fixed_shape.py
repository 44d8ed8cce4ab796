# Typical mistake: vmap_method="expand_dims" promises the callback can take a batch, but the host
# function reshapes its result to the un-batched shape captured from the traced argument.
import scipy.special as sps


def _cb(fn, x):
    shape = x.shape
    return jax.pure_callback(lambda a: fn(a).astype(np.float32).reshape(shape),
                             jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _cb(sps.gammaln, x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return gammaln_cb(x), _cb(sps.digamma, x) * t
