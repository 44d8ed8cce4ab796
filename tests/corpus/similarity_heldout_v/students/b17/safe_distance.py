# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    # écarts entre chaque paire de points : (N, M, d)
    ecarts = jnp.expand_dims(X, 1) - jnp.expand_dims(Y, 0)
    carres = jnp.square(ecarts).sum(axis=2)
    # premier where : une valeur sûre là où la distance est nulle
    nul = jnp.equal(carres, 0.0)
    sur = jnp.where(nul, jnp.ones_like(carres), carres)
    # second where : on remet exactement 0
    return jnp.where(nul, jnp.zeros_like(carres), lax.sqrt(sur))
