# Mistake under the statement's NaN/inf rule: the zero test is `sq > 0`, so a NaN squared distance
# (a NaN coordinate, or inf - inf) counts as a coincident pair and becomes 0.0 instead of NaN.
def safe_pairwise_distance(X, Y):
    diff = X[:, None, :] - Y[None, :, :]
    sq = jnp.sum(diff**2, axis=-1)
    nonzero = sq > 0
    return jnp.where(nonzero, jnp.sqrt(jnp.where(nonzero, sq, 1.0)), 0.0)
