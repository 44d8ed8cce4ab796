def _host_call(fn, x):
    assert jnp.issubdtype(x.dtype, jnp.floating)

    def host(a):
        r = np.asarray(fn(a), dtype=np.float32)
        assert r.shape == a.shape
        return r

    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _host_call(sps.gammaln, x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    (x,), (xd,) = primals, tangents
    assert x.shape == xd.shape
    return gammaln_cb(x), _host_call(sps.digamma, x) * xd
