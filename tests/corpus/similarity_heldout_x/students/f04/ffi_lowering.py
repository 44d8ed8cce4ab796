rms_norm_prim_p = Primitive("rms_norm_prim")


def _抽象評価(x, *, eps):
    return ShapedArray(x.shape, x.dtype)  # 出力は入力と同じ形と dtype


def _バッチ(引数, 次元, *, eps):
    (x,), (bd,) = 引数, 次元
    # バッチ軸を最後から二番目へ:各サンプルの最後の軸はそのまま最後に残る
    移動後 = jnp.moveaxis(x, bd, -2)
    return rms_norm_prim_p.bind(移動後, eps=eps), 移動後.ndim - 2


rms_norm_prim_p.def_abstract_eval(_抽象評価)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))  # eager も lowering を使う
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _バッチ
