DEBUG = False


def _scipy(fn):
    def host(a):
        r = fn(a).astype(a.dtype)
        if DEBUG:
            print(f"{fn.__name__}: {a.shape} -> {r.dtype}")
        return r
    return host


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(_scipy(sps.gammaln), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="sequential")


@gammaln_cb.defjvp
def _gl_jvp(primals, tangents):
    x, = primals
    t, = tangents
    d = jax.pure_callback(_scipy(sps.digamma), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                          vmap_method="sequential")
    return gammaln_cb(x), d * t
