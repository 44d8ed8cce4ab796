# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def _形状不变(x, *, eps):
    """输出与输入同形状、同 dtype。"""
    return ShapedArray(x.shape, x.dtype)


def _批处理规则(参数, 批维, *, eps):
    """批维度挪到第 0 维,内核把它当作行。"""
    x = jnp.moveaxis(参数[0], 批维[0], 0)
    return rms_norm_prim_p.bind(x, eps=eps), 0


rms_norm_prim_p.def_abstract_eval(_形状不变)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
batching.primitive_batchers[rms_norm_prim_p] = _批处理规则
