from functools import reduce


def _host(fn):
    # 主机端:ufunc 之后转回输入的 dtype
    return lambda a: reduce(lambda v, g: g(v), [np.asarray, fn, lambda r: r.astype(a.dtype)], a)


def _via_callback(fn, x):
    return jax.pure_callback(_host(fn), jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _via_callback(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    x, = primals
    t, = tangents
    return gammaln_cb(x), _via_callback(sps.digamma, x) * t
