def safe_pairwise_distance(X, Y):
    chazhi = X[:, None, :] - Y[None, :, :]
    pingfanghe = jnp.sum(chazhi ** 2, axis=-1)
    shi_ling = pingfanghe == 0
    anquan = jnp.where(shi_ling, 1.0, pingfanghe)
    return jnp.where(shi_ling, 0.0, jnp.sqrt(anquan))
