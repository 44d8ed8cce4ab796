# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _形状(x, *, eps):
    # 形状和 dtype 都不变
    return ShapedArray(x.shape, x.dtype)


# eager 时借用 lowering:apply_primitive 会临时 jit 一个原语
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
# CPU 上 lowering 成 FFI target rms_norm
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


@partial(batching.primitive_batchers.__setitem__, rms_norm_prim_p)
def _批(args, dims, *, eps):
    # 批维度挪到第 0 维再调用
    x = jnp.moveaxis(args[0], dims[0], 0)
    return rms_norm_prim_p.bind(x, eps=eps), 0
