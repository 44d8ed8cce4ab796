def _on_host(fn):
    def call(a):
        return np.asarray(fn(np.asarray(a)), dtype=np.float32)
    return call


@jax.custom_jvp
def gammaln_cb(x):
    sds = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(_on_host(sps.gammaln), sds, x, vmap_method="expand_dims")


def _digamma_cb(x):
    sds = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(_on_host(sps.digamma), sds, x, vmap_method="expand_dims")


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    # 导数是 digamma,同样回到主机上算
    return gammaln_cb(primals[0]), _digamma_cb(primals[0]) * tangents[0]
