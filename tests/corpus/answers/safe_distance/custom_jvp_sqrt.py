# Correct, written differently: a square root with its own derivative rule (0 where the input is 0).
@jax.custom_jvp
def _safe_sqrt(z):
    return jnp.sqrt(z)


@_safe_sqrt.defjvp
def _safe_sqrt_jvp(primals, tangents):
    (z,), (dz,) = primals, tangents
    root = jnp.sqrt(z)
    positive = z > 0
    slope = jnp.where(positive, 0.5 / jnp.where(positive, root, 1.0), 0.0)
    return root, slope * dz


def safe_pairwise_distance(X, Y):
    diff = jnp.expand_dims(X, 1) - jnp.expand_dims(Y, 0)
    return _safe_sqrt(jnp.einsum("nmd,nmd->nm", diff, diff))
