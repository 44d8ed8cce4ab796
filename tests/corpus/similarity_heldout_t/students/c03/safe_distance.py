def safe_pairwise_distance(X, Y):
    d2 = jnp.square(X[:, None, :] - Y[None, :, :]).sum(axis=-1)
    return jnp.where(hit := d2 <= 0, 0.0, jnp.sqrt(jnp.where(hit, 1.0, d2))).astype(d2.dtype)
