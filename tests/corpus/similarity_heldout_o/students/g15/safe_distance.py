# ✍️ 作答区:练习 4
import operator


def _sqdist(X, Y):
    return jnp.sum(jnp.square(operator.sub(X[:, None, :], Y[None, :, :])), axis=-1)


def safe_pairwise_distance(X, Y):
    sq = _sqdist(X, Y)
    keep = operator.gt(sq, 0)
    return jnp.where(keep, jnp.sqrt(jnp.where(keep, sq, 1.0)), 0.0)
