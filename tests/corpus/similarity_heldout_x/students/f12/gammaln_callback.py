from collections import ChainMap

_HOST = ChainMap(
    {"value": sps.gammaln},
    {"slope": sps.digamma},
)


def _host_call(kind, x):
    fn = _HOST[kind]
    return jax.pure_callback(
        lambda a: fn(a).astype(a.dtype),
        jax.ShapeDtypeStruct(x.shape, x.dtype),
        x,
        vmap_method="sequential",
    )


@jax.custom_jvp
def gammaln_cb(x):
    return _host_call("value", x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    x, = primals; t, = tangents
    return (
        gammaln_cb(x),
        _host_call("slope", x) * t,
    )
