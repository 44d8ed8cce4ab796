from collections import namedtuple

Masked = namedtuple("Masked", ["value", "mask"])


def _mask_zeros(sq):
    zero = sq == 0
    return Masked(jnp.where(zero, 1.0, sq), zero)


def safe_pairwise_distance(X, Y):
    m = _mask_zeros(jnp.sum(jnp.square(X[:, None, :] - Y[None, :, :]), axis=-1))
    return jnp.where(m.mask, 0.0, jnp.sqrt(m.value))
