# ✍️ 作答区:练习 4
def _check(r):
    return bool(
        (r >= 0).all()
    )


def safe_pairwise_distance(X, Y):
    m = Y.shape[0]
    a = X[:, None]
    b = Y[None]
    d = a - b
    s = d * d
    s = s.sum(-1)
    z = s == 0
    s = jnp.where(
        z, 1.0, s
    )
    r = jnp.sqrt(s)
    r = jnp.where(
        z, 0.0, r
    )
    return r
