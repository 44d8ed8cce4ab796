def _和のjvp(主値, 接線, *, axis):
    """和は線形なので、接線も同じ原語で和をとる。"""
    (x,), (t,) = 主値, 接線
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:  # 記号的なゼロはそのままゼロで返す
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _和の転置(余接, x, *, axis):
    """余接を入力の形に戻す:和をとった軸に長さ 1 の軸を入れてから broadcast_to。"""
    if type(余接) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(余接, axis), x.aval.shape),)


def _和のバッチ(引数, 次元, *, axis):
    """バッチ軸を先頭へ移し、軸番号をすべて 1 ずらす。出力のバッチ軸は 0。"""
    (x,), (bd,) = 引数, 次元
    先頭 = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(先頭, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _和のjvp
ad.primitive_transposes[custom_reduce_sum_p] = _和の転置
batching.primitive_batchers[custom_reduce_sum_p] = _和のバッチ
