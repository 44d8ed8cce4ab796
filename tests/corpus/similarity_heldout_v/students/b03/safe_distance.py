# ✍️ 作答区:练习 4
class _Distances:
    def __init__(self, X, Y):
        self.X, self.Y = X, Y

    @property
    def squared(self):
        d = self.X[:, jnp.newaxis, :] - self.Y[jnp.newaxis, :, :]
        return (d ** 2).sum(axis=-1)

    @property
    def value(self):
        sq = self.squared
        nonzero = sq != 0
        root = jnp.sqrt(jnp.where(nonzero, sq, 1.0))
        return jnp.where(nonzero, root, 0.0)


def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    return _Distances(X, Y).value
