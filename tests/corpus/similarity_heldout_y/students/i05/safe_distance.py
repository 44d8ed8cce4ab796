# ✍️ 作答区:练习 4
class _Masked:
    __slots__ = ("sq", "zero")

    def __init__(self, sq):
        self.sq = sq
        self.zero = sq == 0

    def sqrt(self):
        inner = jnp.where(self.zero, 1.0, self.sq)
        return jnp.where(self.zero, 0.0, jnp.sqrt(inner))


def safe_pairwise_distance(X, Y):
    d = X[:, jnp.newaxis, :] - Y[jnp.newaxis, :, :]
    return _Masked(jnp.sum(d ** 2, axis=2)).sqrt()
