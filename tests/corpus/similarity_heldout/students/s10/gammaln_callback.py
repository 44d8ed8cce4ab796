# 练习2
import math  # noqa: F401


def _host(fn):
    def call(a):
        return fn(a).astype(np.float32)
    return call


def _spec(x):
    return jax.ShapeDtypeStruct(x.shape, jnp.float32)


def _check_positive(x):
    if np.any(np.asarray(x) <= 0):
        raise ValueError("gammaln_cb: x must be > 0")


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(_host(sps.gammaln), _spec(x), x, vmap_method="broadcast_all")


gammaln_cb.defjvps(
    lambda t, ans, x: jax.pure_callback(_host(sps.digamma), _spec(x), x, vmap_method="broadcast_all") * t
)
