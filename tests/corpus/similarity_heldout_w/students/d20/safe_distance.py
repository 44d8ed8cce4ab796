# ✍️ 作答区:练习 4
from typing import Final

SAFE: Final[float] = 1.0


def safe_pairwise_distance(X: jax.Array, Y: jax.Array) -> jax.Array:
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    d2: jax.Array = jnp.sum(jnp.square(X[:, None] - Y[None]), axis=-1)
    same: jax.Array = d2 == 0.0
    root: jax.Array = jnp.sqrt(jnp.where(same, SAFE, d2))
    return jnp.where(same, 0.0, root)
