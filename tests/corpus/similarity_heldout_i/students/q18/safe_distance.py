# ✍️ 作答区:练习 4
EPS = 1e-12


def _pair_distance(x: jax.Array, y: jax.Array) -> jax.Array:
    """Distance of two points, with gradient 0 where they coincide."""
    squared = jnp.dot(x - y, x - y)
    is_zero = squared == 0.0
    return jnp.where(is_zero, 0.0, jnp.sqrt(jnp.where(is_zero, 1.0, squared)))


def _pair_distance_debug(x, y):
    d = _pair_distance(x, y)
    print("distance", d)
    return d


def safe_pairwise_distance(X: jax.Array, Y: jax.Array) -> jax.Array:
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    n, m = X.shape[0], Y.shape[0]
    # rows of X against rows of Y
    return jax.vmap(lambda x: jax.vmap(lambda y: _pair_distance(x, y))(Y))(X)
