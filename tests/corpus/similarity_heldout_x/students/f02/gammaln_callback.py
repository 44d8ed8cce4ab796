from string import Template

_CHECK = Template("gammaln_cb($x) = $y")


def _scipy_on_host(fn, x):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda v: fn(v).astype(v.dtype), out, x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _scipy_on_host(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    x, = primals
    x_dot, = tangents
    return gammaln_cb(x), _scipy_on_host(sps.digamma, x) * x_dot


print(_CHECK.substitute(x=5.0, y=float(gammaln_cb(jnp.float32(5.0)))))
