# ✍️ 作答区:练习 4
import textwrap


def safe_pairwise_distance(X, Y):
    """Pairwise Euclidean distances, (N, d) and (M, d) -> (N, M).

    Same forward values as pairwise_distance_v1; where a distance is exactly zero the gradient is
    zero too (the double-where trick).
    """
    sq = jnp.sum(jnp.square(X[:, None, :] - Y[None, :, :]), axis=-1)
    is_zero = sq == 0
    return jnp.where(is_zero, 0.0, jnp.sqrt(jnp.where(is_zero, 1.0, sq)))


# print(textwrap.dedent(safe_pairwise_distance.__doc__))
