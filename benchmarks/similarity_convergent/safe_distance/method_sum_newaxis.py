# Correct, written independently: the method form of sum, jnp.newaxis, the root kept in a name.
# ruff: noqa: F821 (an answer cell: jnp and jax come from the release's setup cell)
def safe_pairwise_distance(X, Y):
    squared = ((X[:, jnp.newaxis, :] - Y[jnp.newaxis, :, :]) ** 2).sum(-1)
    positive = squared > 0.0
    root = jnp.sqrt(jnp.where(positive, squared, 1.0))
    return jnp.where(positive, root, 0.0)
