# gammaln via pure_callback; the JVP multiplies the tangent by digamma, also via pure_callback.
HOST = {name: (lambda fn: (lambda a: fn(a).astype(np.float32)))(getattr(sps, name))
        for name in ("gammaln", "digamma")}


def host(name, x):
    # any shape: the SciPy ufuncs broadcast, so the whole batch goes in one call
    return jax.pure_callback(HOST[name], jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return host("gammaln", x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    [x], [t] = primals, tangents
    return gammaln_cb(x), host("digamma", x) * t
