# ✍️ 作答区:练习 4
def _sq_dists(X, Y):
    return jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)


def safe_pairwise_distance(X, Y):
    """Pairwise distances; gradient 0 where a distance is 0."""
    sq = _sq_dists(X, Y)
    nonzero = sq != 0.0
    # sqrt sees 1.0 at coincident points, so the masked-out branch has a finite gradient
    return jnp.where(nonzero, jnp.sqrt(jnp.where(nonzero, sq, 1.0)), 0.0)
