# ✍️ 作答区:练习 4
def _平方距离(X, Y):
    """(N, M) 的平方距离。"""
    return jnp.sum(jnp.square(X[:, None, :] - Y[None, :, :]), axis=-1)


def _安全开方(s):
    """s 为 0 处值和梯度都取 0 的 sqrt。"""
    零 = jnp.equal(s, 0)
    return jnp.where(零, 0.0, jnp.sqrt(jnp.where(零, 1.0, s)))


def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    return _安全开方(_平方距离(X, Y))
