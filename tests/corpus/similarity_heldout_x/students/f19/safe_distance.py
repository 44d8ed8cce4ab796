# ✍️ 作答区:练习 4
from typing import Protocol


class PointSet(Protocol):
    """An (N, d) array of points."""

    shape: tuple[int, ...]
    ndim: int


def _zero_and_safe(sq):
    zero = sq == 0
    return zero, jnp.where(zero, 1.0, sq)


def safe_pairwise_distance(X: PointSet, Y: PointSet):
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    zero, safe = _zero_and_safe(sq)
    return jnp.where(zero, 0.0, jnp.sqrt(safe))
