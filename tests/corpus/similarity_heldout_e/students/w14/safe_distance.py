def _squared_distances(X: jax.Array, Y: jax.Array) -> jax.Array:
    return ((X[:, None] - Y[None]) ** 2).sum(-1)


def _guarded_sqrt(s: jax.Array, z: jax.Array) -> jax.Array:
    return jnp.sqrt(jnp.where(z, 1., s))


def safe_pairwise_distance(X: jax.Array, Y: jax.Array) -> jax.Array:
    """Pairwise distances (N, d), (M, d) -> (N, M) with gradient 0 at coincident points."""
    s = _squared_distances(X, Y)
    z = s == 0
    return jnp.where(z, 0., _guarded_sqrt(s, z))
