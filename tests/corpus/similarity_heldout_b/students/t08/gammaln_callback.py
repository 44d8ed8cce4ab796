import scipy.special as sps


def _host(fn, x):
    out_type = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda v: fn(v).astype(v.dtype), out_type, x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x: jax.Array) -> jax.Array:
    return _host(sps.gammaln, x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    x, = primals
    dx, = tangents
    return gammaln_cb(x), _host(sps.digamma, x) * dx
