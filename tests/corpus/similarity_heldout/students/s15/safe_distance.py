def safe_pairwise_distance(X, Y):
    diff = X[:, None, :] - Y[None, :, :]
    d2 = jnp.sum(diff**2, axis=-1)
    mask = d2 == 0
    d2_safe = jnp.where(mask, 1.0, d2)  # double where trick
    return jnp.where(mask, 0.0, jnp.sqrt(d2_safe))
