_on_host = lambda fn: lambda x: jax.pure_callback(
    lambda a: fn(a).astype(a.dtype), jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="expand_dims")
_gammaln, _digamma = map(_on_host, (sps.gammaln, sps.digamma))


@jax.custom_jvp
def gammaln_cb(x):
    return _gammaln(x)


gammaln_cb.defjvp(lambda primals, tangents: (gammaln_cb(*primals), _digamma(*primals) * tangents[0]))
