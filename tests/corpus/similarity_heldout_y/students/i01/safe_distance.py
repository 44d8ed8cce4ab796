# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    diff = X[:, None, :] - Y[None, :, :]

    sq = (diff * diff).sum(axis=-1)

    zero = sq == 0

    sq2 = jnp.where(zero, jnp.ones_like(sq), sq)

    d = jnp.sqrt(sq2)

    d = jnp.where(zero, jnp.zeros_like(d), d)

    return d
