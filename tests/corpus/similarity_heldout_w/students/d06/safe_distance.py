# ✍️ 作答区:练习 4
import logging

log = logging.getLogger("d06")


def safe_pairwise_distance(X, Y):
    diff = X[:, jnp.newaxis, :] - Y[jnp.newaxis, :, :]
    sq = (diff ** 2).sum(axis=2)
    coincide = sq == 0
    log.debug("coincident pairs: %s", coincide)
    safe = lax.select(coincide, jnp.ones_like(sq), sq)
    return lax.select(coincide, jnp.zeros_like(sq), lax.sqrt(safe))
