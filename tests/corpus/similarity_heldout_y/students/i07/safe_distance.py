# ✍️ 作答区:练习 4
from pathlib import PurePath


def safe_pairwise_distance(X, Y):
    label = PurePath("distances") / f"{X.shape[0]}x{Y.shape[0]}"  # was for a debug dump
    del label
    sq = jnp.sum(jnp.square(X[:, None] - Y[None, :]), axis=2)
    safe = jnp.where(sq == 0.0, 1.0, sq)
    return jnp.where(sq == 0.0, 0.0, jnp.sqrt(safe))
