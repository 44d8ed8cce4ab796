# Correct, written differently: replace the zero difference vectors themselves before the norm,
# then multiply by the mask of nonzero distances.
def safe_pairwise_distance(X, Y):
    diff = X[:, None, :] - Y[None, :, :]
    nonzero = jnp.any(diff != 0, axis=-1)
    safe_diff = jnp.where(nonzero[..., None], diff, jnp.ones_like(diff))
    return jnp.linalg.norm(safe_diff, axis=-1) * nonzero
