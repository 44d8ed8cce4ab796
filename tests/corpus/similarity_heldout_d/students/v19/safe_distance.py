# 先算平方距离矩阵
EPS = 1e-12
DEBUG = False


def _check_shapes(X, Y):
    assert X.shape[-1] == Y.shape[-1]


def safe_pairwise_distance(X, Y):
    if DEBUG:
        _check_shapes(X, Y)
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    eq0 = sq == 0.0
    # 为 0 的位置先换成 1,开方后再换回 0
    r = jnp.sqrt(jnp.where(eq0, 1.0, sq))
    if DEBUG:
        print('min distance', jnp.min(r))
    return jnp.where(eq0, 0.0, r)
