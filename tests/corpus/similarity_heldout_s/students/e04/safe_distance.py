# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    if X.ndim != 2 or Y.ndim != 2:
        raise ValueError("X and Y must be 2-D (points, coordinates)")
    if X.shape[1] != Y.shape[1]:
        raise ValueError("X and Y must have the same number of coordinates")
    delta = X[:, None, :] - Y[None, :, :]
    squared = jnp.sum(jnp.square(delta), axis=-1)
    zero = squared == 0
    return jnp.where(zero, 0, jnp.sqrt(jnp.where(zero, 1, squared)))
