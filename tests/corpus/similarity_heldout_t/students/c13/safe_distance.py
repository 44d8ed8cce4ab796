import abc


class _Masked(abc.ABC):
    def __init__(self, sq):
        self.sq = sq

    @property
    def zero(self):
        return jnp.equal(self.sq, 0)

    def root(self):
        filled = jnp.where(self.zero, jnp.full_like(self.sq, 1), self.sq)
        return jnp.where(self.zero, jnp.full_like(self.sq, 0), jnp.sqrt(filled))


def safe_pairwise_distance(X, Y):
    delta = jnp.expand_dims(X, 1) - jnp.expand_dims(Y, 0)
    return _Masked(jnp.sum(jnp.square(delta), axis=2)).root()
