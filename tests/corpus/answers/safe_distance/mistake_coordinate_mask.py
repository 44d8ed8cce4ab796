# Typical mistake: the mask is taken per coordinate instead of per pair. Equal coordinates are replaced
# by 1.0 before squaring, so a pair that shares only some coordinates gets a wrong distance; pairs that
# are equal or differ everywhere still come out right.
def safe_pairwise_distance(X, Y):
    diff = X[:, None, :] - Y[None, :, :]
    same = diff == 0.0
    safe = jnp.where(same, 1.0, diff)
    dist = jnp.sqrt(jnp.sum(safe**2, axis=-1))
    return jnp.where(jnp.all(same, axis=-1), 0.0, dist)
