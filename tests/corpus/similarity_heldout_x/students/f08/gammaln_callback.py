_HOST_FNS = {"gammaln": sps.gammaln, "digamma": sps.digamma}


def _host(name, x):
    fn = _HOST_FNS[name]
    return jax.pure_callback(lambda a: fn(a).astype(np.float32), jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="sequential")


@jax.custom_jvp
def gammaln_cb(x):
    return _host("gammaln", x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return gammaln_cb(x), _host("digamma", x) * t


# the host functions, shortest name first
print(sorted(_HOST_FNS, key=len))
