def safe_pairwise_distance(X, Y):
    try:
        diff = X[:, None, :] - Y[None, :, :]
    except IndexError:
        raise ValueError("X 和 Y 必须是二维数组") from None
    s = jnp.sum(diff * diff, axis=-1)
    nz = s != 0
    r = jnp.sqrt(jnp.where(nz, s, 1.0))
    return jnp.where(nz, r, 0.0)
