def _pair(x, y):
    sq = jnp.sum((x - y) ** 2)
    safe = jnp.where(sq == 0, 1.0, sq)
    return jnp.where(sq == 0, 0.0, jnp.sqrt(safe))


def safe_pairwise_distance(X, Y):
    # 一对点的距离写成 _pair,外面套两层 vmap:先对 Y 的行,再对 X 的行
    row = jax.vmap(_pair, in_axes=(None, 0))
    return jax.vmap(row, in_axes=(0, None))(X, Y)
