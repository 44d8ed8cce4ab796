def safe_pairwise_distance(X, Y):
    if X.ndim != 2 or Y.ndim != 2:
        raise ValueError("need 2-D inputs")
    d2 = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    same = d2 == 0
    d2_ok = jnp.where(same, 1.0, d2)
    return jnp.where(same, 0.0, jnp.sqrt(d2_ok))
