def _host_ufunc(x, *, ufunc, vmap_method: str = "expand_dims"):
    return jax.pure_callback(lambda a: ufunc(a).astype(np.float32), jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method=vmap_method)


@jax.custom_jvp
def gammaln_cb(x):
    return _host_ufunc(x, ufunc=sps.gammaln)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    return gammaln_cb(x), _host_ufunc(x, ufunc=sps.digamma) * dx
