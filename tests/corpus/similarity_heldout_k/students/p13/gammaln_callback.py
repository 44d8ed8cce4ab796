host = lambda fn: (lambda x: jax.pure_callback(
    lambda a: np.asarray(fn(a), np.float32), jax.ShapeDtypeStruct(x.shape, np.float32), x,
    vmap_method="broadcast_all"))
lgamma_host, digamma_host = host(sps.gammaln), host(sps.digamma)


@jax.custom_jvp
def gammaln_cb(x):
    return lgamma_host(x)


gammaln_cb.defjvp(lambda primals, tangents: (gammaln_cb(primals[0]), digamma_host(primals[0]) * tangents[0]))
