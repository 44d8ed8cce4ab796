# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def _抽象求值(x: ShapedArray, *, eps: np.float32) -> ShapedArray:
    # 形状和 dtype 与输入相同
    return ShapedArray(x.shape, x.dtype)


def _批处理(args: tuple, dims: tuple, *, eps: np.float32) -> tuple:
    (x,), (bd,) = args, dims
    # 批维度挪到倒数第二维,最后一维仍是被归一化的那一维
    目标 = x.ndim - 2
    return rms_norm_prim_p.bind(jnp.moveaxis(x, bd, 目标), eps=eps), 目标


rms_norm_prim_p.def_abstract_eval(_抽象求值)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _批处理
