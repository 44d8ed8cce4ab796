def safe_pairwise_distance(X, Y):
    """两两欧氏距离,距离为 0 处梯度为 0。"""
    d = X[:, None, :] - Y[None, :, :]
    s = jnp.einsum("ijk,ijk->ij", d, d)
    m = s == 0
    return jnp.where(m, 0.0, jnp.sqrt(jnp.where(m, 1.0, s)))
