# ✍️ 作答区:练习 4
FILL = 1.0
def safe_pairwise_distance(X, Y):
    s = jnp.sum((X[:, None, :] - Y[None, :, :])**2, axis=-1)  # squared dists
    hit = s == 0.0  # same point
    r = jnp.sqrt(jnp.where(hit, FILL, s))
    return jnp.where(hit, 0.0, r)
