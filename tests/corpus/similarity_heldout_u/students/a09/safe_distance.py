def safe_pairwise_distance(X, Y):
    # 1. 两两相减,形状 (N, M, d)
    diff = jnp.expand_dims(X, 1) - jnp.expand_dims(Y, 0)
    # 2. 平方和,形状 (N, M)
    sq = jnp.sum(diff ** 2, axis=2)
    # 3. 找出距离为 0 的位置
    is_zero = sq == 0
    # 4. 第一次 where:安全值 1
    sq_safe = jnp.where(is_zero, 1.0, sq)
    # 5. 第二次 where:放回 0
    return jnp.where(is_zero, 0.0, jnp.sqrt(sq_safe))
