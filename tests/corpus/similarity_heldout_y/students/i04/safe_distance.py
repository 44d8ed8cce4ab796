# ✍️ 作答区:练习 4
def _double_where(sq, *, safe=1.0, **_unused):
    hit = sq == 0.0
    return jnp.where(hit, 0.0, jnp.sqrt(jnp.where(hit, safe, sq)))


def safe_pairwise_distance(X, Y, *args, **kwargs):
    diffs = jnp.subtract(*jnp.broadcast_arrays(X[:, None, :], Y[None, :, :]))
    return _double_where(jnp.sum(diffs ** 2, axis=-1), *args, **kwargs)
