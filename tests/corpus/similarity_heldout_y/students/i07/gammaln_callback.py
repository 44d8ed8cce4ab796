from pathlib import Path

import scipy.special

# adapted from the JAX docs, "External callbacks" (the scipy.special.jv example)
SOURCE = Path("docs") / "external-callbacks.md"


def gammaln_cb(z):
    z = jnp.asarray(z)
    # Promote the input to inexact (float/complex).
    # Note that jnp.result_type() accounts for the enable_x64 flag.
    z = z.astype(jnp.result_type(float, z.dtype))
    # Wrap scipy function to return the expected dtype.
    _scipy_gammaln = lambda z: scipy.special.gammaln(z).astype(z.dtype)
    # Define the expected shape & dtype of output.
    result_shape_dtype = jax.ShapeDtypeStruct(shape=z.shape, dtype=z.dtype)
    # Use vmap_method="broadcast_all" because scipy.special.gammaln handles broadcasted inputs.
    return jax.pure_callback(_scipy_gammaln, result_shape_dtype, z, vmap_method="broadcast_all")


gammaln_cb = jax.custom_jvp(gammaln_cb)


@gammaln_cb.defjvp
def _gammaln_jvp(primals, tangents):
    z, = primals
    z_dot, = tangents
    _scipy_digamma = lambda z: scipy.special.digamma(z).astype(z.dtype)
    result_shape_dtype = jax.ShapeDtypeStruct(shape=z.shape, dtype=z.dtype)
    dgammaln_dz = jax.pure_callback(_scipy_digamma, result_shape_dtype, z, vmap_method="broadcast_all")
    return gammaln_cb(z), z_dot * dgammaln_dz
