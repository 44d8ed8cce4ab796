# Correct, written independently: jnp.square, a positive mask, the safe value 1.
# ruff: noqa: F821 (an answer cell: jnp and jax come from the release's setup cell)
def safe_pairwise_distance(X, Y):
    sq = jnp.sum(jnp.square(X[:, None] - Y[None]), axis=2)
    mask = sq > 0
    safe = jnp.where(mask, sq, 1.0)
    return jnp.where(mask, jnp.sqrt(safe), 0.0)
