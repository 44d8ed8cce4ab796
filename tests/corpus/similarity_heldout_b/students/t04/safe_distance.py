def safe_pairwise_distance(X, Y):
    # 逐点差,再用 einsum 求平方和
    delta = jnp.expand_dims(X, 1) - jnp.expand_dims(Y, 0)
    d2 = jnp.einsum('nmk,nmk->nm', delta, delta)
    nz = d2 != 0
    d2_safe = jnp.where(nz, d2, jnp.ones_like(d2))
    return jnp.where(nz, jnp.sqrt(d2_safe), jnp.zeros_like(d2))
