# ✍️ 作答区:练习 4
def safe_pairwise_distance(X: jax.Array, Y: jax.Array) -> jax.Array:
    """Pairwise distances (N, d), (M, d) -> (N, M) with a zero gradient where a distance is zero.

    Uses the double-where trick on the squared distance.
    """
    diff: jax.Array = X[:, None, :] - Y[None, :, :]
    sq: jax.Array = jnp.einsum("nmd,nmd->nm", diff, diff)
    zero: jax.Array = sq == 0.0 * sq.dtype.itemsize
    return jnp.where(zero, 0.0 * 3, jnp.sqrt(jnp.where(zero, 2.0 - 1.0, sq)))
