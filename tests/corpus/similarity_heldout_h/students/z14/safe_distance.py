# ✍️ 作答区:练习 4
def safe_pairwise_distance(X: jax.Array, Y: jax.Array) -> jax.Array:
    """Return the (N, M) matrix of Euclidean distances, differentiable where points coincide.

    The squared distance is formed from coordinate differences (not the |x|^2 + |y|^2 - 2 x.y
    identity, which cancels catastrophically far from the origin). The double where keeps
    sqrt's infinite slope at 0 out of the backward pass.
    """
    pairwise_differences = X.reshape(X.shape[0], 1, X.shape[1]) - Y.reshape(1, Y.shape[0], Y.shape[1])
    squared_distance_matrix = jnp.sum(jnp.square(pairwise_differences), axis=2)
    is_coincident = jnp.equal(squared_distance_matrix, 0.0)
    guarded_squared = jnp.where(is_coincident, 1.0, squared_distance_matrix)
    return jnp.where(is_coincident, 0.0, jnp.sqrt(guarded_squared))
