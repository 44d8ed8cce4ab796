# ✍️ 作答区:练习 4
@jax.custom_jvp
def _safe_sqrt(s):
    return jnp.sqrt(s)


@_safe_sqrt.defjvp
def _safe_sqrt_jvp(primals, tangents):
    (s,), (ds,) = primals, tangents
    r = jnp.sqrt(s)
    # s == 0 处导数定义为 0
    denom = jnp.where(s > 0, 2.0 * r, 1.0)
    return r, jnp.where(s > 0, ds / denom, 0.0)


def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    return _safe_sqrt(jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1))
