from typing import NamedTuple


class HostFns(NamedTuple):
    value: object
    slope: object


_FNS = HostFns(value=sps.gammaln, slope=sps.digamma)


def _on_host(fn, x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda a: np.asarray(fn(a), dtype=a.dtype), spec, x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _on_host(_FNS.value, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    x, = primals
    x_dot, = tangents
    y = gammaln_cb(x)
    dydx = _on_host(_FNS.slope, x)
    return y, dydx * x_dot
