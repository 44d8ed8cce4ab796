from typing import NamedTuple


class Points(NamedTuple):
    a: jax.Array
    b: jax.Array

    def squared(self):
        return jnp.sum((self.a[:, None, :] - self.b[None, :, :]) ** 2, axis=-1)


def safe_pairwise_distance(X, Y):
    # a tiny epsilon under the root keeps the gradient finite at zero distance
    return jnp.sqrt(Points(X, Y).squared() + 1e-12)
