# ✍️ 作答区:练习 4
import functools


@functools.cache
def _pair_axes():
    return (slice(None), None, slice(None)), (None, slice(None), slice(None))


def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    ix, iy = _pair_axes()
    dist = jnp.linalg.norm(X[ix] - Y[iy], axis=-1)
    # 距离为 0 的地方直接给 0
    return jnp.where(dist == 0, 0.0, dist)
