# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
# 第一步:主机端函数
def 主机函数(名):
    f = getattr(sps, 名)
    return lambda a: f(a).astype(a.dtype)


# 第二步:包成 pure_callback
def 回调(名, x):
    return jax.pure_callback(主机函数(名), jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="expand_dims")


# 第三步:custom_jvp
@jax.custom_jvp
def gammaln_cb(x):
    return 回调("gammaln", x)


# 第四步:导数
@gammaln_cb.defjvp
def 导数(primals, tangents):
    (x,), (t,) = primals, tangents
    return gammaln_cb(x), 回调("digamma", x) * t
