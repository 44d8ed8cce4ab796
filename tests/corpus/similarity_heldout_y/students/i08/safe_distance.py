# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** int(2), axis=int(-1))
    mask = sq == float(0.0)
    out = jnp.where(mask, float(0.0), jnp.sqrt(jnp.where(mask, float(1.0), sq)))
    return out
