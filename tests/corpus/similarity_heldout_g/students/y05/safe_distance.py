# ✍️ 作答区:练习 4
def safe_pairwise_distance(
    X,
    Y,
):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    # 先相减再平方,远离原点时也不会抵消
    d = X[:, None, :] - Y[None, :, :]
    sq = jnp.sum(
        d * d,
        axis=-1,
    )
    z = sq == 0
    # 第一次 where 让 sqrt 的输入安全,第二次 where 把 0 放回去
    return jnp.where(
        z,
        0.0,
        lax.sqrt(
            jnp.where(
                z,
                1.0,
                sq,
            )
        ),
    )
