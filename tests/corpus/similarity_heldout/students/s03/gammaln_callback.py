# 练习 2 作答
def _host(fn):
    def call(a):
        return fn(a).astype(np.float32)
    return call


def _spec(x):
    return jax.ShapeDtypeStruct(x.shape, jnp.float32)


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(_host(sps.gammaln), _spec(x), x, vmap_method="broadcast_all")


@gammaln_cb.defjvp
def _(primals, tangents):
    (x,), (t,) = primals, tangents
    y = gammaln_cb(x)
    dy = jax.pure_callback(_host(sps.digamma), _spec(x), x, vmap_method="broadcast_all") * t
    return y, dy
