# Typical mistake: a plain function around pure_callback, no custom_jvp: grad cannot go through.
import scipy.special as sps


def gammaln_cb(x):
    return jax.pure_callback(lambda a: sps.gammaln(a).astype(a.dtype), jax.ShapeDtypeStruct(x.shape, x.dtype),
                             x, vmap_method="expand_dims")
