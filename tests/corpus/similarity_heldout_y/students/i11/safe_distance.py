# ✍️ 作答区:练习 4
_STEP = {
    "diff": lambda X, Y: X[:, None, :] - Y[None, :, :],
    "sq": lambda d: jnp.sum(d * d, axis=-1),
    "safe": lambda sq, zero: jnp.where(zero, 1.0, sq),
    "out": lambda r, zero: jnp.where(zero, 0.0, r),
}


def safe_pairwise_distance(X, Y):
    sq = _STEP["sq"](_STEP["diff"](X, Y))
    zero = sq == 0
    return _STEP["out"](jnp.sqrt(_STEP["safe"](sq, zero)), zero)
