# ✍️ 作答区:练习 4
safe_pairwise_distance = lambda X, Y: (lambda 平方: jnp.where(平方 == 0, 0.0, jnp.sqrt(jnp.where(平方 == 0, 1.0, 平方))))(
    jnp.sum((X[:, None] - Y[None]) ** 2, -1))
