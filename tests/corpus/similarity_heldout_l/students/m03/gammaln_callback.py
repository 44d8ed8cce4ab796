def 主机调用(函数, x):
    形状类型 = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(lambda 数组: 函数(数组).astype(np.float32), 形状类型, x,
                             vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return 主机调用(sps.gammaln, x)


gammaln_cb.defjvps(lambda dx, y, x: 主机调用(sps.digamma, x) * dx)
