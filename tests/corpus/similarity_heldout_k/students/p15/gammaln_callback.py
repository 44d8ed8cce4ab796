# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def _对数伽马(数组):
    return sps.gammaln(数组).astype(np.float32)


def _双伽马(数组):
    return sps.digamma(数组).astype(np.float32)


def _回调(函数, x):
    结果类型 = jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32)
    return jax.pure_callback(函数, 结果类型, x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _回调(_对数伽马, x)


@gammaln_cb.defjvp
def _导数(原值, 切线):
    x, = 原值
    ẋ, = 切线
    # dy = ψ(x) dx
    return _回调(_对数伽马, x), _回调(_双伽马, x) * ẋ
