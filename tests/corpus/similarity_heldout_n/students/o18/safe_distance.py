# ✍️ 作答区:练习 4
@jax.custom_jvp
def _sqrt0(s):
    return jnp.sqrt(s)


@_sqrt0.defjvp
def _sqrt0_jvp(primals, tangents):
    (s,), (ds,) = primals, tangents
    r = jnp.sqrt(s)
    zero = s == 0
    # d sqrt(s) = ds / (2 sqrt(s)), taken as 0 where s == 0
    return r, jnp.where(zero, 0.0, ds / (2.0 * jnp.where(zero, 1.0, r)))


def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    return _sqrt0(jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1))
