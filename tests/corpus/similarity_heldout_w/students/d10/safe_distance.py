# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    assert X.ndim == 2 and Y.ndim == 2, "expected (N, d) and (M, d)"
    assert X.shape[1] == Y.shape[1]
    sq = jnp.sum(jnp.square(jnp.subtract(X[:, None, :], Y[None, :, :])), axis=2)
    mask = jnp.equal(sq, 0)
    return jnp.where(mask, 0.0, jnp.sqrt(jnp.where(mask, 1.0, sq)))
