# ✍️ 作答区:练习 4
import functools


def zero_safe(root):
    """Decorator: `root` never sees a zero, and its result is 0 (with a zero gradient) where z == 0."""

    @functools.wraps(root)
    def wrapped(z):
        zero = z == 0
        return jnp.where(zero, 0.0, root(jnp.where(zero, 1.0, z)))

    return wrapped


@zero_safe
def _root(z):
    return jnp.sqrt(z)


def safe_pairwise_distance(X, Y):
    return _root(jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1))
