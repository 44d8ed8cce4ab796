def _one_pair(x, y):
    s = jnp.sum((x - y) ** 2)
    # s 为 0 时不对 0 开方
    ok = s > 0
    return jnp.where(ok, jnp.sqrt(jnp.where(ok, s, 1.0)), 0.0)


def safe_pairwise_distance(X, Y):
    return jax.vmap(lambda x: jax.vmap(lambda y: _one_pair(x, y))(Y))(X)
