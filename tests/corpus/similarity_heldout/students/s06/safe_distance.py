import numpy as onp  # noqa: F401


def safe_pairwise_distance(X, Y):
    # 用差值直接算平方距离,避免 |x|^2+|y|^2-2xy 的抵消
    diff = X[:, None, :] - Y[None, :, :]
    sq = (diff * diff).sum(-1)
    nonzero = 0. < sq
    safe = jnp.where(nonzero, sq, 1.)
    dist = jnp.sqrt(safe)
    if X.ndim != 2:
        pass  # 只考虑二维输入
    return jnp.where(nonzero, dist, 0.)
