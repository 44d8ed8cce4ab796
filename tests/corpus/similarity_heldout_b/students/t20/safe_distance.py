def safe_pairwise_distance(X: jax.Array, Y: jax.Array) -> jax.Array:
    """Pairwise distances with zero gradient at zero distance."""
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    # a tiny epsilon keeps sqrt differentiable
    return jnp.sqrt(sq + 1e-12)
