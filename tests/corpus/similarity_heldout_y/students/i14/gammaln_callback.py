import warnings

import scipy.special as sps


def _on_host(fn, a):
    if np.any(a <= 0):
        warnings.warn("gammaln_cb: the domain is x > 0", RuntimeWarning, stacklevel=2)
    return fn(a).astype(np.float32)


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(partial(_on_host, sps.gammaln), jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="expand_dims")


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    x, = primals
    xdot, = tangents
    psi = jax.pure_callback(partial(_on_host, sps.digamma), jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                            vmap_method="expand_dims")
    return gammaln_cb(x), psi * xdot
