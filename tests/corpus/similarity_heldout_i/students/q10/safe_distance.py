# ✍️ 作答区:练习 4
def _squared_distances(X, Y):
    # |x - y|^2 summed over the coordinates, shape (N, M)
    return jnp.sum(jnp.square(X[:, None, :] - Y[None, :, :]), axis=-1)


def _sqrt_with_zero_grad(sq):
    # sqrt has an infinite slope at 0: feed it 1 there and mask the result
    is_zero = sq == 0.0
    return jnp.where(is_zero, 0.0, jnp.sqrt(jnp.where(is_zero, 1.0, sq)))


def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    return _sqrt_with_zero_grad(_squared_distances(X, Y))
