def safe_pairwise_distance(X, Y):
    # [INFO] pairwise differences, shape (N, M, d)
    deltas = X[:, None, :] - Y[None, :, :]
    # [INFO] squared distances, shape (N, M)
    squared = jnp.sum(deltas ** 2, axis=-1)
    # [INFO] mask of coinciding points (squared distance exactly 0)
    coincide = squared == 0.0
    # [INFO] first where: sqrt never sees 0, so its gradient stays finite
    squared = jnp.where(coincide, 1.0, squared)
    # [INFO] second where: put the exact zeros back
    return jnp.where(coincide, 0.0, jnp.sqrt(squared))
