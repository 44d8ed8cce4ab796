def qiudao(zhi, qiexian, *, axis):
    (x,), (tx,) = zhi, qiexian
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(tx) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(tx, axis=axis)


def zhuanzhi(ct, x, *, axis):
    xingzhuang = x.aval.shape
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    kuozhan = ct
    for zhou in axis:  # axis 已排好序,从小到大插入
        kuozhan = jnp.expand_dims(kuozhan, zhou)
    return (jnp.broadcast_to(kuozhan, xingzhuang),)


def pichuli(canshu, weidu, *, axis):
    (x,), (bd,) = canshu, weidu
    x = jnp.moveaxis(x, bd, -1)
    return custom_reduce_sum_p.bind(x, axis=axis), x.ndim - 1 - len(axis)


ad.primitive_jvps[custom_reduce_sum_p] = qiudao
ad.primitive_transposes[custom_reduce_sum_p] = zhuanzhi
batching.primitive_batchers[custom_reduce_sum_p] = pichuli
