def safe_pairwise_distance(X, Y):
    """两两距离;重合点处梯度为 0。"""
    s = jnp.square(X[:, None, :] - Y[None, :, :]).sum(axis=2)
    m = s != 0
    t = jnp.where(m, s, 1.0)
    return jnp.where(m, jnp.sqrt(t), 0.0)
