_as_f32 = lambda fn: lambda a: fn(a).astype(np.float32)
_spec = lambda x: jax.ShapeDtypeStruct(x.shape, jnp.float32)


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(_as_f32(sps.gammaln), _spec(x), x, vmap_method="sequential")


@gammaln_cb.defjvp
def _jvp(p, t):
    x, = p
    d = jax.pure_callback(_as_f32(sps.digamma), _spec(x), x, vmap_method="sequential")
    return gammaln_cb(x), d * t[0]
