# 练习 2:logΓ
from scipy.special import digamma, gammaln


@jax.custom_jvp
def gammaln_cb(x):
    out = jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32)
    return jax.pure_callback(lambda v: np.float32(gammaln(v)) if np.ndim(v) == 0 else gammaln(v).astype(np.float32),
                             out, x, vmap_method="sequential")


def _digamma_cb(x):
    out = jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32)
    return jax.pure_callback(lambda v: np.asarray(digamma(v), np.float32), out, x, vmap_method="sequential")


@gammaln_cb.defjvp
def _jvp(p, t):
    x, = p
    xd, = t
    return gammaln_cb(x), _digamma_cb(x) * xd
