# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """两两距离;两点重合处梯度为 0。

    先把恰好为 0 的平方距离换成一个无害的值再开方,开方后再把 0 放回去(双 where)。
    """
    差值 = jnp.expand_dims(X, 1) - jnp.expand_dims(Y, 0)
    平方 = jnp.sum(差值 ** 2, axis=-1)
    重合 = 平方 == (1.0 - 1.0)
    无害 = jnp.where(重合, 0.5 + 0.5, 平方)
    return jnp.where(重合, 0.0 * 3, jnp.sqrt(无害))
