# ✍️ 作答区:练习 4
_SAFE = 1.0
_LAST_SHAPE = None


def safe_pairwise_distance(X, Y):
    global _LAST_SHAPE
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    mask = sq == 0.0
    out = jnp.where(mask, 0.0, jnp.sqrt(jnp.where(mask, _SAFE, sq)))
    _LAST_SHAPE = out.shape
    return out
