# ✍️ 作答区:练习 4
@jax.custom_jvp
def _sqrt0(z):
    return jnp.sqrt(z)


@_sqrt0.defjvp
def _sqrt0_jvp(primals, tangents):
    (z,), (dz,) = primals, tangents
    root = jnp.sqrt(z)
    # d sqrt(z) = dz / (2 sqrt z); define it as 0 where z == 0 instead of inf
    is_zero = root == 0
    slope = jnp.where(is_zero, 0.0, 0.5 / jnp.where(is_zero, 1.0, root))
    return root, slope * dz


def safe_pairwise_distance(X: jax.Array, Y: jax.Array) -> jax.Array:
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    diff = X[:, None, :] - Y[None, :, :]
    return _sqrt0(jnp.sum(diff**2, axis=-1))
