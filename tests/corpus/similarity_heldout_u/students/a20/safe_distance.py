class Dist:
    @staticmethod
    def squared(X, Y):
        return jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)

    @staticmethod
    def guarded_sqrt(sq):
        zero = sq == 0
        return jnp.where(zero, 0.0, jnp.sqrt(jnp.where(zero, 1.0, sq)))


def safe_pairwise_distance(X, Y):
    return Dist.guarded_sqrt(Dist.squared(X, Y))
