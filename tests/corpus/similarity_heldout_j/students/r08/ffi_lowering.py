# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def _抽象求值(x: ShapedArray, *, eps) -> ShapedArray:
    return ShapedArray(x.shape, x.dtype)  # 形状和 dtype 不变


def _批处理(args: tuple, dims: tuple, *, eps) -> tuple:
    x, bd = args[0], dims[0]
    # 用 lax.transpose 把批维度换到最前面
    次序 = (bd, *[i for i in range(x.ndim) if i != bd])
    return rms_norm_prim_p.bind(jax.lax.transpose(x, 次序), eps=eps), 0


rms_norm_prim_p.def_abstract_eval(_抽象求值)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _批处理
