def _safe_host(fn):
    def host(a):
        try:
            out = fn(a)
        except FloatingPointError:
            out = np.full(np.shape(a), np.nan)
        return np.asarray(out, dtype=np.float32)

    return host


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(_safe_host(sps.gammaln), jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="sequential")


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    x, = primals
    dx, = tangents
    y = gammaln_cb(x)
    g = jax.pure_callback(_safe_host(sps.digamma), jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                          vmap_method="sequential")
    return y, g * dx
