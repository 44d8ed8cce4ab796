# Mistake: the |x|^2 + |y|^2 - 2 x.y identity (fast, but it cancels catastrophically far from the
# origin), with a correct double where on top.
def safe_pairwise_distance(X, Y):
    sq = jnp.sum(X**2, axis=1)[:, None] + jnp.sum(Y**2, axis=1)[None, :] - 2.0 * X @ Y.T
    sq = jnp.maximum(sq, 0.0)
    is_zero = sq == 0.0
    return jnp.where(is_zero, 0.0, jnp.sqrt(jnp.where(is_zero, 1.0, sq)))
