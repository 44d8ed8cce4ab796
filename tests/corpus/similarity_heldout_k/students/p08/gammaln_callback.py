# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
_主机函数 = {"值": sps.gammaln, "导数": sps.digamma}


def _经回调(哪个, x):
    # 回调里拿到的是 numpy 数组,结果转回 float32
    形状类型 = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(lambda a: np.float32(_主机函数[哪个](a)), 形状类型, x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _经回调("值", x)


@gammaln_cb.defjvp
def _gammaln_jvp(原值, 切线):
    (x,), (dx,) = 原值, 切线
    return gammaln_cb(x), _经回调("导数", x) * dx
