# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def _cb(fns, x):
    # 对每个 SciPy 函数都建一个 pure_callback
    outs = []
    for fn in fns:
        # 默认参数 fn=fn 把当前的函数绑定进 lambda
        host = lambda a, fn=fn: np.asarray(fn(a), np.float32)  # noqa: E731
        # 返回值声明:形状同输入,dtype 是 float32
        spec = jax.ShapeDtypeStruct(x.shape, np.float32)
        # SciPy 的 ufunc 能处理任意形状,所以用 broadcast_all
        outs.append(jax.pure_callback(host, spec, x, vmap_method="broadcast_all"))
    return outs


@jax.custom_jvp
def gammaln_cb(x):
    # 前向:log Gamma(x)
    return _cb([sps.gammaln], x)[0]


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    # 导数是 digamma(x),同样在主机上算
    y = gammaln_cb(primals[0])
    slope = _cb([sps.digamma], primals[0])[0]
    # 切线 = digamma(x) * x 的切线
    return y, slope * tangents[0]
