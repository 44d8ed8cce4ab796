rms_norm_prim_p = Primitive("rms_norm_prim")


def _soyut(x, *, eps):
    # çıktı, girdiyle aynı şekil ve dtype
    return ShapedArray(x.shape, x.dtype)


def _toplu(argumanlar, boyutlar, *, eps):
    (x,), (bd,) = argumanlar, boyutlar
    # toplu eksen son eksen olmamalı: en başa taşı
    return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 0), eps=eps), 0


rms_norm_prim_p.def_abstract_eval(_soyut)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _toplu
