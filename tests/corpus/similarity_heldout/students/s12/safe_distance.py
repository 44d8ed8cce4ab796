# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    diff = X[:, None, :] - Y[None, :, :]
    dist2 = jnp.sum(diff**2, axis=2)
    zero_mask = dist2 == 0.0
    dist2_safe = jnp.where(zero_mask, 1.0, dist2)
    dist = jnp.sqrt(dist2_safe)
    return jnp.where(zero_mask, 0.0, dist)
