def _host_gammaln(a):
    a = np.asarray(a)
    if a.dtype != np.float32:
        raise TypeError(f"expected float32, got {a.dtype}")
    return sps.gammaln(a).astype(np.float32)


def _host_digamma(a):
    return sps.digamma(np.asarray(a)).astype(np.float32)


def _cb(host, x):
    return jax.pure_callback(host, jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32), x,
                             vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _cb(_host_gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    x, = primals
    x_dot, = tangents
    return gammaln_cb(x), _cb(_host_digamma, x) * x_dot
