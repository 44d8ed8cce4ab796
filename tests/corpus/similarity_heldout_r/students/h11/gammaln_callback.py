import functools


def host_call(fn):
    return functools.partial(_host_call, fn)


def _host_call(fn, x):
    return jax.pure_callback(lambda a: np.asarray(fn(a), a.dtype), jax.ShapeDtypeStruct(jnp.shape(x), x.dtype), x,
                             vmap_method="sequential")


_lgamma = host_call(sps.gammaln)
_psi = host_call(sps.psi)


@jax.custom_jvp
def gammaln_cb(x):
    return _lgamma(x)


@gammaln_cb.defjvp
def _(primals, tangents):
    return gammaln_cb(primals[0]), jnp.multiply(_psi(primals[0]), tangents[0])
