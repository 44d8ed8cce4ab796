# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    diff = X[:, None] - Y[None]
    d2 = jnp.einsum("nmk,nmk->nm", diff, diff)
    is_zero = d2 == 0
    d2_safe = jnp.where(is_zero, jnp.ones_like(d2), d2)
    return jnp.where(is_zero, jnp.zeros_like(d2), jnp.sqrt(d2_safe))


_X = jnp.array([[0.0, 0.0], [3.0, 4.0]])
print("D = %s, grad finite: %s" % (
    safe_pairwise_distance(_X, _X).tolist(),
    bool(jnp.isfinite(jax.grad(lambda v: safe_pairwise_distance(v, v).sum())(_X)).all())))
