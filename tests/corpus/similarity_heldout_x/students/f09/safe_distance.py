# ✍️ 作答区:练习 4
from abc import ABC, abstractmethod


class Distance(ABC):
    @abstractmethod
    def squared(self, X, Y):
        """(N, M) squared distances."""

    def __init__(self):
        self.safe_value = 1.0

    def matrix(self, X, Y):
        sq = self.squared(X, Y)
        zero = sq == 0
        return jnp.where(zero, 0.0, jnp.sqrt(jnp.where(zero, self.safe_value, sq)))


class Euclidean(Distance):
    def squared(self, X, Y):
        return jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)


def safe_pairwise_distance(X, Y):
    return Euclidean().matrix(X, Y)
