# Wrong on near-coincident points: treats pairs closer than 1e-4 (squared distance below 1e-8) as
# coincident, so rows 1e-5..1e-4 apart get distance 0 and a zero gradient.
_COINCIDENT_SQ = 1e-8


def safe_pairwise_distance(X, Y):
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    apart = sq > _COINCIDENT_SQ
    return jnp.where(apart, jnp.sqrt(jnp.where(apart, sq, 1.0)), 0.0)
