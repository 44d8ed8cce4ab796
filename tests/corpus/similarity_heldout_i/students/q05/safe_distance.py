# ✍️ 作答区:练习 4
def safe_pairwise_distance(
    X,
    Y,
):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    # 所有点对的差
    差 = X.reshape(
        X.shape[0],
        1,
        X.shape[1],
    ) - Y.reshape(
        1,
        Y.shape[0],
        Y.shape[1],
    )
    平方距离 = jnp.sum(
        差 * 差,
        axis=-1,
    )
    # 零距离处用 1 代替,sqrt 的梯度就不会是 inf
    为零 = 平方距离 == 0
    安全平方距离 = jnp.where(
        为零,
        1.0,
        平方距离,
    )
    距离 = jnp.sqrt(安全平方距离)
    return jnp.where(
        为零,
        0.0,
        距离,
    )
