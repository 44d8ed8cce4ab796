def safe_pairwise_distance(X, Y):
    delta = X[:, None, :] - Y[None, :, :]
    sqdist = jnp.einsum("nmd,nmd->nm", delta, delta)
    pos = sqdist > 0
    r = jnp.sqrt(jnp.where(pos, sqdist, 1.0))
    # 距离为 0 时返回 0
    return jnp.where(pos, r, 0.0)
