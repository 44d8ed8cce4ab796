# ✍️ 作答区:练习 4
from itertools import accumulate


def safe_pairwise_distance(X, Y):
    # running sum of the squared coordinate differences; the last entry is the full squared distance
    per_coord = ((X[:, None, k] - Y[None, :, k]) ** 2 for k in range(X.shape[1]))
    sq = list(accumulate(per_coord))[-1]
    zero = sq == 0
    return jnp.where(zero, 0.0, jnp.sqrt(jnp.where(zero, 1.0, sq)))
