# ✍️ 作答区:练习 4
from jax import tree_util


def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    a, b = tree_util.tree_map(jnp.asarray, (X, Y))
    sq = jnp.sum(jnp.square(a[:, None, :] - b[None, :, :]), axis=-1)
    mask = sq == 0
    safe, zeros = tree_util.tree_map(lambda fill: jnp.where(mask, fill, sq), (1.0, 0.0))
    return jnp.where(mask, zeros, jnp.sqrt(safe))
