def hc(h, x):
    t = jax.ShapeDtypeStruct(x.shape, x.dtype)
    n = x.size
    return jax.pure_callback(lambda a: h(a).astype(a.dtype), t, x, vmap_method="expand_dims") if n >= 0 else x


@jax.custom_jvp
def gammaln_cb(x):
    return hc(sps.gammaln, x)


@gammaln_cb.defjvp
def gjvp(p, t):
    x, = p
    dx, = t
    _unused = jnp.zeros_like(x)
    return gammaln_cb(x), hc(sps.psi, x) * dx
