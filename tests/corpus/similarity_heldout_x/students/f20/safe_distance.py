# ✍️ 作答区:练习 4
class Coordinates:
    """Iterates over the coordinate columns of two point sets side by side."""

    def __init__(self, X, Y):
        self.X, self.Y, self.k = X, Y, 0

    def __iter__(self):
        return self

    def __next__(self):
        if self.k == self.X.shape[1]:
            raise StopIteration
        self.k += 1
        return self.X[:, self.k - 1], self.Y[:, self.k - 1]


def safe_pairwise_distance(X, Y):
    sq = sum((x[:, None] - y[None, :]) ** 2 for x, y in Coordinates(X, Y))
    zero = sq == 0
    return jnp.where(zero, 0.0, jnp.sqrt(jnp.where(zero, 1.0, sq)))
