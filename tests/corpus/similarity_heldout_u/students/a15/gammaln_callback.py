from itertools import starmap


def _host(fn, a):
    return np.asarray(fn(a), np.float32)


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(lambda a: _host(sps.gammaln, a), jax.ShapeDtypeStruct(x.shape, np.float32), x,
                             vmap_method="expand_dims")


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    x, = primals
    t, = tangents
    y, psi = starmap(
        lambda fn, a: jax.pure_callback(lambda v: _host(fn, v), jax.ShapeDtypeStruct(a.shape, np.float32), a,
                                        vmap_method="expand_dims"),
        [(sps.gammaln, x), (sps.digamma, x)])
    return y, psi * t
