_host = {
    "gammaln": lambda a: sps.gammaln(a).astype(a.dtype),
    "digamma": lambda a: sps.digamma(a).astype(a.dtype),
}
_cb = lambda name, x: jax.pure_callback(_host[name], jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                                        vmap_method="sequential")


@jax.custom_jvp
def gammaln_cb(x):
    return _cb("gammaln", x)


gammaln_cb.defjvp(lambda p, t: (gammaln_cb(p[0]), _cb("digamma", p[0]) * t[0]))
