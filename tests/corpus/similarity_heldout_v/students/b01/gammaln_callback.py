from collections import defaultdict

_host_fns = defaultdict(lambda: sps.gammaln)
_host_fns["digamma"] = sps.digamma


def _on_host(name, x):
    fn = _host_fns[name]
    out_type = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda v: np.asarray(fn(v), dtype=v.dtype), out_type, x,
                             vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _on_host("gammaln", x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    x, = primals
    dx, = tangents
    return gammaln_cb(x), _on_host("digamma", x) * dx
