def _shape_of(x):
    return jax.ShapeDtypeStruct(x.shape, np.float32)


@jax.custom_jvp
def gammaln_cb(x):
    f = lambda v: np.float32(sps.gammaln(v)) if np.ndim(v) == 0 else sps.gammaln(v).astype(np.float32)
    return jax.pure_callback(f, _shape_of(x), x, vmap_method="expand_dims")


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x = primals[0]
    dx = tangents[0]
    # 导数是 digamma
    psi = jax.pure_callback(lambda v: np.asarray(sps.digamma(v), np.float32), _shape_of(x), x,
                            vmap_method="expand_dims")
    return gammaln_cb(x), psi * dx
