from typing import Tuple


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(lambda a: sps.gammaln(a).astype(np.float32),
                             jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="expand_dims")


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals: Tuple, tangents: Tuple) -> Tuple:
    x, = primals
    x_dot, = tangents
    psi = jax.pure_callback(lambda a: sps.digamma(a).astype(np.float32),
                            jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                            vmap_method="expand_dims")
    return gammaln_cb(x), psi * x_dot
