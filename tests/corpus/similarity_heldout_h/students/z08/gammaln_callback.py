# gammaln via pure_callback, digamma as its derivative


def _f32(fn):
    def run(a):
        return np.asarray(fn(a), dtype=np.float32)
    return run


def _host(fn, x):
    spec = jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32)
    return jax.pure_callback(_f32(fn), spec, x, vmap_method="expand_dims")  # ufunc: any batch shape


@jax.custom_jvp
def gammaln_cb(x):
    return _host(sps.gammaln, x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    x, = primals
    t, = tangents
    return gammaln_cb(x), _host(sps.digamma, x) * t
