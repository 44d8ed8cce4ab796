import operator


def _pure(fn, x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    cast = operator.methodcaller("astype", np.float32)
    return jax.pure_callback(lambda a: cast(fn(a)), spec, x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _pure(sps.gammaln, x)


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x, xd = primals[0], tangents[0]
    return gammaln_cb(x), operator.mul(_pure(sps.digamma, x), xd)
