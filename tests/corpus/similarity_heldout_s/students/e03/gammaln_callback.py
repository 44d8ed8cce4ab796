from typing import NamedTuple


def _on_host(fn, x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda a: np.asarray(fn(a), dtype=a.dtype), spec, x, vmap_method="broadcast_all")


class HostFns(NamedTuple):
    value: object
    slope: object


_FNS = HostFns(value=sps.gammaln, slope=sps.digamma)


@jax.custom_jvp
def gammaln_cb(x):
    return _on_host(_FNS.value, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    x_dot, = tangents
    x, = primals
    dydx = _on_host(_FNS.slope, x)
    y = gammaln_cb(x)
    return y, dydx * x_dot
