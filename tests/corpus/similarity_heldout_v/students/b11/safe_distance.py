# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    # écarts entre chaque paire de points : (N, M, d)
    ecarts = X[:, None, :] - Y[None, :, :]
    carres = jnp.sum(ecarts ** 2, axis=-1)
    # premier where : une valeur sûre là où la distance est nulle
    nul = carres == 0.0
    sur = jnp.where(nul, 1.0, carres)
    # second where : on remet exactement 0
    return jnp.where(nul, 0.0, jnp.sqrt(sur))
