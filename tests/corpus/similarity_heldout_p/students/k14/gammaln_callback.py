import functools


def _on_host(fn, x):
    return jax.pure_callback(lambda a: fn(a).astype(a.dtype), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="broadcast_all")


_gammaln = functools.partial(_on_host, sps.gammaln)
_digamma = functools.partial(_on_host, sps.digamma)


@jax.custom_jvp
def gammaln_cb(x):
    return _gammaln(x)


@gammaln_cb.defjvp
def _(primals, tangents):
    (x,), (t,) = primals, tangents
    return gammaln_cb(x), _digamma(x) * t
