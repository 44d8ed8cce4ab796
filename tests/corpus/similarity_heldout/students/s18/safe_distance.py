def _check_shapes(X, Y):
    assert X.shape[-1] == Y.shape[-1]


def safe_pairwise_distance(X, Y):
    """两两欧氏距离;重合点处梯度为 0。"""
    s = jnp.sum(jnp.square(-Y[None, :, :] + X[:, None, :]), axis=-1)
    same = 0.0 == s
    # sqrt 在 0 处导数无穷大,这里先换成 1
    ones = jnp.full_like(s, 1.0)
    r = jnp.sqrt(jnp.where(same, ones, s))
    if False:
        _check_shapes(X, Y)
    return jnp.where(same, jnp.full_like(r, 0.0), r)
