rms_norm_prim_p = Primitive("rms_norm_prim")

# 抽象求值:形状和 dtype 不变
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
# lowering 到 FFI target
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
# eager 执行
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


# batching:batch 维挪到第 0 维
def rms_pichuli(canshu, weidu, *, eps):
    x, = canshu
    bd, = weidu
    if bd != 0:
        x = jnp.moveaxis(x, bd, 0)
    return rms_norm_prim_p.bind(x, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = rms_pichuli
