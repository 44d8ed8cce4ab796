safe_pairwise_distance = lambda X, Y: (lambda sq: jnp.where(sq == 0, 0.0, jnp.sqrt(jnp.where(sq == 0, 1.0, sq))))(
    jnp.sum(jnp.square(X[:, None, :] - Y[None, :, :]), -1))
