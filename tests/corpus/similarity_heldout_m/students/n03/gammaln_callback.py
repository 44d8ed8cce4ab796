H = {n: (lambda fn: lambda a: fn(a).astype(a.dtype))(getattr(sps, n)) for n in ["gammaln", "digamma"]}


def call(n, x):
    return jax.pure_callback(H[n], jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return call("gammaln", x)


@gammaln_cb.defjvp
def jvp(p, t):
    x, d = p[0], t[0]
    return gammaln_cb(x), call("digamma", x) * d
