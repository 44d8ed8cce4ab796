import copy

import scipy.special

# from the JAX docs page "External callbacks" (its scipy.special.jv example), changed for gammaln


@jax.custom_jvp
def gammaln_cb(z):
    z = jnp.asarray(z)
    # Promote the input to inexact (float/complex).
    z = z.astype(jnp.result_type(float, z.dtype))
    # Wrap scipy function to return the expected dtype.
    _scipy_gammaln = lambda z: scipy.special.gammaln(copy.copy(z)).astype(z.dtype)
    # Define the expected shape & dtype of output.
    result_shape_dtype = jax.ShapeDtypeStruct(shape=z.shape, dtype=z.dtype)
    # Use vmap_method="broadcast_all" because scipy.special.gammaln handles broadcasted inputs.
    return jax.pure_callback(_scipy_gammaln, result_shape_dtype, z, vmap_method="broadcast_all")


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    z, = primals
    z_dot, = tangents
    _scipy_digamma = lambda z: scipy.special.digamma(copy.copy(z)).astype(z.dtype)
    result_shape_dtype = jax.ShapeDtypeStruct(shape=z.shape, dtype=z.dtype)
    dgammaln_dz = jax.pure_callback(_scipy_digamma, result_shape_dtype, z, vmap_method="broadcast_all")
    return gammaln_cb(z), z_dot * dgammaln_dz
