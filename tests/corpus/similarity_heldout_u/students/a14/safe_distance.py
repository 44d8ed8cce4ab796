class Dist:
    @staticmethod
    def squared(X, Y):
        return jnp.square(jnp.expand_dims(X, 1) - jnp.expand_dims(Y, 0)).sum(axis=-1)

    @staticmethod
    def guarded_sqrt(sq):
        zero = jnp.equal(sq, 0)
        return jnp.where(zero, 0.0, lax.sqrt(jnp.where(zero, 1.0, sq)))


def safe_pairwise_distance(X, Y):
    return Dist.guarded_sqrt(Dist.squared(X, Y))
