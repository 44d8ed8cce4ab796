# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def 回调(函数, x):
    # 在主机上调 SciPy,结果形状、dtype 与 x 一致
    return jax.pure_callback(lambda 值: 函数(值).astype(值.dtype), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="expand_dims")


gammaln_cb = jax.custom_jvp(lambda x: 回调(sps.gammaln, x))
# 导数:digamma(x) 乘切向量
gammaln_cb.defjvps(lambda 切, 结果, x: 回调(sps.digamma, x) * 切)
