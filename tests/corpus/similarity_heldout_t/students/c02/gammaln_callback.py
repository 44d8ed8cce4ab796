def _host(kind, x):
    match kind:
        case "value":
            ufunc = sps.gammaln
        case "slope":
            ufunc = sps.digamma
        case _:
            raise ValueError(kind)
    out_type = jax.ShapeDtypeStruct(jnp.shape(x), jnp.result_type(x))
    return jax.pure_callback(lambda v: ufunc(v).astype(np.float32), out_type, x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _host("value", x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    return gammaln_cb(x), _host("slope", x) * dx
