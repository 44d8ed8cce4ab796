def _zhuji(hanshu):
    def suan(a):
        return hanshu(a).astype(np.float32)
    return suan


def _huidiao(hanshu, x):
    xingzhuang = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(_zhuji(hanshu), xingzhuang, x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _huidiao(sps.gammaln, x)


@gammaln_cb.defjvp
def _daoshu(yuan, qiexian):
    x, = yuan
    dx, = qiexian
    return _huidiao(sps.gammaln, x), _huidiao(sps.digamma, x) * dx
