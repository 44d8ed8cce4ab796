def safe_pairwise_distance(X, Y):
    差 = X[:, None, :] - Y[None, :, :]
    平方 = jnp.einsum("nmd,nmd->nm", 差, 差)
    零 = jnp.equal(平方, 0)
    return jnp.where(零, 0.0, jnp.sqrt(jnp.where(零, 1.0, 平方)))
