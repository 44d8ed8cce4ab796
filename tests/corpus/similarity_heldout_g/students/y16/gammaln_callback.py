# 练习 2:导数 = digamma
@jax.custom_jvp
def gammaln_cb(x):
    return _call(sps.gammaln, x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    x = primals[0]
    dx = tangents[0]
    dy = _call(sps.digamma, x) * dx
    y = gammaln_cb(x)
    return y, dy


def _call(fn, x):
    return jax.pure_callback(lambda a: fn(a).astype(np.float32),
                             jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="broadcast_all")
