class _DoubleWhere:
    def __init__(self, sq):
        self.sq = sq
        self.mask = sq > 0.0

    def sqrt(self):
        inner = jnp.where(self.mask, self.sq, 1.0)
        return jnp.where(self.mask, jnp.sqrt(inner), 0.0)


def safe_pairwise_distance(X, Y):
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    return _DoubleWhere(sq).sqrt()
