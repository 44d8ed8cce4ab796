_FUNCS = {"gammaln": sps.gammaln, "digamma": sps.digamma}
_HOST = {name: (lambda fn: lambda a: fn(a).astype(np.float32))(fn) for name, fn in _FUNCS.items()}


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(_HOST["gammaln"], jax.ShapeDtypeStruct(x.shape, np.float32), x,
                             vmap_method="broadcast_all")


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    x, = primals
    t, = tangents
    psi = jax.pure_callback(_HOST["digamma"], jax.ShapeDtypeStruct(x.shape, np.float32), x)
    return gammaln_cb(x), psi * t
