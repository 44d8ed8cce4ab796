# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    squared = jnp.sum((X[:, None, :] - Y[None, :, :]) * (X[:, None, :] - Y[None, :, :]), axis=-1)  # plain differences like v1 (no |x|^2 + |y|^2 - 2xy, which cancels far from the origin)
    return jnp.where(squared == 0.0, jnp.zeros_like(squared), jnp.sqrt(jnp.where(squared == 0.0, jnp.ones_like(squared), squared)))  # double where: a safe value under the sqrt, then the zeros put back
