def _call_scipy(fn, x):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)  # 输出的形状和 dtype 与输入相同
    host = lambda a: np.asarray(fn(a), dtype=a.dtype)  # 在主机上调 SciPy,转回输入的 dtype
    return jax.pure_callback(host, out, x, vmap_method="expand_dims")  # ufunc 能处理任意形状


@jax.custom_jvp
def gammaln_cb(x):
    return _call_scipy(sps.gammaln, x)  # 前向:log Γ(x)


@gammaln_cb.defjvp
def _gammaln_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    psi = _call_scipy(sps.digamma, x)  # 导数:digamma
    return gammaln_cb(x), psi * t  # ẏ = ψ(x)·ẋ
