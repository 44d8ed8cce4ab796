# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    sq = jnp.sum((X[..., :, None, :] - Y[..., None, :, :]) ** 2, axis=-1)
    is_zero = jnp.equal(sq, 0.0)
    safe = jnp.where(is_zero, jnp.ones_like(sq), sq)
    return jnp.where(is_zero, jnp.zeros_like(sq), jnp.sqrt(safe))
