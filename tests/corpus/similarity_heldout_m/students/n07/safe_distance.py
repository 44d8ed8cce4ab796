# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    # 1. pairwise differences, shape (N, M, d)
    differences = X[:, None, :] - Y[None, :, :]
    # 2. squared distances, shape (N, M)
    squared_distances = jnp.sum(differences ** 2, axis=-1)
    # 3. mask of coinciding points
    is_zero = squared_distances == 0
    # 4. safe input for sqrt so its gradient stays finite
    safe_squared = jnp.where(is_zero, 1.0, squared_distances)
    # 5. put the zeros back
    return jnp.where(is_zero, 0.0, jnp.sqrt(safe_squared))
