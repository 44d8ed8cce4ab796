# ✍️ 作答区:练习 4
import enum


class Fill(float, enum.Enum):
    SAFE = 1.0
    ZERO = 0.0


def safe_pairwise_distance(X, Y):
    sq = jax.vmap(lambda x: jnp.sum((x - Y) ** 2, axis=1))(X)
    z = sq == 0
    return jnp.where(z, Fill.ZERO.value, jnp.sqrt(jnp.where(z, Fill.SAFE.value, sq)))
