# ✍️ 作答区:练习 4
def safe_pairwise_distance(X: jax.Array, Y: jax.Array) -> jax.Array:
    """Pairwise Euclidean distances whose gradient is 0 where two points coincide."""
    sq: jax.Array = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=2)
    tiny = jnp.finfo(sq.dtype).tiny
    positive = sq > 0
    return jnp.where(positive, jnp.sqrt(jnp.maximum(sq, tiny)), 0.0)
