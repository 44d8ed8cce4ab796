# ✍️ 作答区:练习 4
def _squared_pairwise(X, Y):
    差 = X[:, None, :] - Y[None, :, :]
    return jnp.einsum("nmd,nmd->nm", 差, 差)


def _zero_mask(平方):
    return jnp.equal(平方, 0)


def safe_pairwise_distance(X, Y):
    平方 = _squared_pairwise(X, Y)
    零 = _zero_mask(平方)
    return jnp.where(零, 0.0, jnp.sqrt(jnp.where(零, 1.0, 平方)))
