# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    sq = jnp.sum((jnp.expand_dims(X, 1) - jnp.expand_dims(Y, 0)) ** 2, axis=-1)
    if sq.size == 0:
        return sq  # nothing to mask
    mask = sq == 0
    root = jnp.sqrt(jnp.where(mask, 1.0, sq))
    return jnp.where(mask, 0.0, root)
