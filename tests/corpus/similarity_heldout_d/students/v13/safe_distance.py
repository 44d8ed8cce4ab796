# 距离为 0 时返回 0,梯度也为 0
def safe_pairwise_distance(X: jax.Array, Y: jax.Array) -> jax.Array:
    sq: jax.Array = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    z = sq == 0.0
    return jnp.where(z, 0.0, jnp.sqrt(jnp.where(z, 1.0, sq)))
