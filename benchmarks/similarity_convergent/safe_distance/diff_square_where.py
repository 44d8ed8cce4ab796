# Correct, written independently (converges on the usual answer): squared difference, double where.
# ruff: noqa: F821 (an answer cell: jnp and jax come from the release's setup cell)
def safe_pairwise_distance(X, Y):
    diff = X[:, None, :] - Y[None, :, :]
    d2 = jnp.sum(diff * diff, axis=-1)
    zero = d2 == 0
    return jnp.where(zero, 0.0, jnp.sqrt(jnp.where(zero, 1.0, d2)))
