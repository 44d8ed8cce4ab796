def host_fn(name: str):
    f = getattr(sps, name)
    return lambda a: np.asarray(f(a), dtype=a.dtype)


def via_host(name: str, x: jax.Array) -> jax.Array:
    return jax.pure_callback(host_fn(name), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x: jax.Array) -> jax.Array:
    return via_host("gammaln", x)


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals: tuple, tangents: tuple) -> tuple:
    x, = primals
    t, = tangents
    return via_host("gammaln", x), via_host("digamma", x) * t
