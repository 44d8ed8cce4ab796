# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
from contextlib import suppress


def _cb(fn):
    def run(a):
        out = np.asarray(fn(a))
        with suppress(AttributeError):
            out = out.astype(a.dtype)
        return out

    return run


def _pure(fn, x):
    return jax.pure_callback(_cb(fn), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _pure(sps.gammaln, x)


gammaln_cb.defjvps(lambda g, ans, x: _pure(sps.digamma, x) * g)
