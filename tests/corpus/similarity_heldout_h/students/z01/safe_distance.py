# ✍️ 作答区:练习 4
def safe_pairwise_distance(X: jax.Array, Y: jax.Array) -> jax.Array:
    """Pairwise Euclidean distances (N, d), (M, d) -> (N, M) with a zero gradient where they vanish."""
    differences = X[:, jnp.newaxis, :] - Y[jnp.newaxis, :, :]
    squared_distances = jnp.sum(differences * differences, axis=-1)
    coincident = squared_distances == 0
    # first where: keep sqrt away from 0 so its derivative stays finite
    safe_squared = jnp.where(coincident, jnp.ones_like(squared_distances), squared_distances)
    # second where: put the exact zeros back
    return jnp.where(coincident, jnp.zeros_like(squared_distances), jnp.sqrt(safe_squared))
