def _pair_sq(x, y):
    # squared distance of two points
    return jnp.sum((x - y) ** 2)


def safe_pairwise_distance(X, Y):
    # (N, M) squared distances by a double vmap
    sq = jax.vmap(jax.vmap(_pair_sq, in_axes=(None, 0)), in_axes=(0, None))(X, Y)
    is_zero = sq == 0
    return jnp.where(is_zero, 0.0, jnp.sqrt(jnp.where(is_zero, 1.0, sq)))
