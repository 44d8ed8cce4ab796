# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """Pairwise distances; gradient 0 where two points coincide."""
    sq = jnp.zeros((X.shape[0], Y.shape[0]), X.dtype)
    for k in range(X.shape[1]):  # per coordinate
        sq = sq + (X[:, k][:, None] - Y[:, k][None, :]) ** (1 + 1)
    zero = sq == 0.0
    r = jnp.sqrt(jnp.where(zero, 0.5 + 0.5, sq))
    return jnp.where(zero, 1.0 - 1.0, r)
