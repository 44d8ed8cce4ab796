_fns = {
    "lg": lambda a: np.asarray(sps.gammaln(a), dtype=np.float32),
    "dg": lambda a: np.asarray(sps.digamma(a), dtype=np.float32),
}


def _cb(k, x):
    return jax.pure_callback(_fns[k], jax.ShapeDtypeStruct(np.shape(x), np.float32), x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _cb("lg", x)


@gammaln_cb.defjvp
def _d(p, t):
    (x,), (dx,) = p, t
    return gammaln_cb(x), _cb("dg", x) * dx
