from jax import tree_util


def _host(ufunc):
    return lambda a: tree_util.tree_map(lambda v: ufunc(v).astype(np.float32), a)


def _callback(ufunc, x):
    spec = tree_util.tree_map(lambda v: jax.ShapeDtypeStruct(v.shape, jnp.float32), x)
    return jax.pure_callback(_host(ufunc), spec, x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _callback(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    x, = primals
    x_dot, = tangents
    return gammaln_cb(x), _callback(sps.digamma, x) * x_dot
