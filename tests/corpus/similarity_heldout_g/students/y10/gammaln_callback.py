@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(lambda xn: np.asarray(sps.gammaln(xn), dtype=xn.dtype),
                             jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method='expand_dims')


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x, = primals
    x_dot, = tangents
    y = gammaln_cb(x)
    y_dot = jax.pure_callback(lambda xn: np.asarray(sps.digamma(xn), dtype=xn.dtype),
                              jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method='expand_dims') * x_dot
    return y, y_dot
