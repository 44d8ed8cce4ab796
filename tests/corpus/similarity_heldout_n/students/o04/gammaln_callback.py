def zhuji(hanshu):
    def diaoyong(x):
        jieguo = jax.ShapeDtypeStruct(x.shape, x.dtype)
        return jax.pure_callback(lambda a: hanshu(a).astype(a.dtype), jieguo, x, vmap_method="expand_dims")
    return diaoyong


gammaln_zhuji = zhuji(sps.gammaln)
digamma_zhuji = zhuji(sps.digamma)


@jax.custom_jvp
def gammaln_cb(x):
    return gammaln_zhuji(x)


gammaln_cb.defjvps(lambda tx, y, x: digamma_zhuji(x) * tx)
