# ✍️ 作答区:练习 4
import logging

log = logging.getLogger("d12")


def safe_pairwise_distance(X, Y):
    diff = jnp.expand_dims(X, 1) - jnp.expand_dims(Y, 0)
    sq = jnp.einsum("nmd,nmd->nm", diff, diff)
    coincide = jnp.equal(sq, 0)
    log.debug("coincident pairs: %s", coincide)
    safe = jnp.where(coincide, jnp.ones_like(sq), sq)
    return jnp.where(coincide, jnp.zeros_like(sq), jnp.sqrt(safe))
