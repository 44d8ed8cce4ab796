# ✍️ 作答区:练习 4
@jax.custom_jvp
def _safe_sqrt(s):
    return jnp.sqrt(s)


@_safe_sqrt.defjvp
def _safe_sqrt_jvp(primals, tangents):
    (s,), (ds,) = primals, tangents
    r = jnp.sqrt(s)
    denom = jnp.where(r > 0, 2.0 * r, 1.0)
    return r, jnp.where(r > 0, ds / denom, 0.0)


def safe_pairwise_distance(X, Y):
    diff = X[:, None, :] - Y[None, :, :]
    return _safe_sqrt(jnp.sum(diff**2, axis=-1))
