# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、批处理规则。
rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


@rms_norm_prim_p.def_abstract_eval
def _形状(输入, *, eps):
    return ShapedArray(输入.shape, 输入.dtype)


def _批(参数, 批维, *, eps):
    输入, = 参数
    维, = 批维
    最后 = 输入.ndim - 1
    # 批维度在最后一维时挪到第 0 维,否则原地不动
    if 维 == 最后:
        输入 = jnp.moveaxis(输入, 最后, 0)
        维 = 0
    return rms_norm_prim_p.bind(输入, eps=eps), 维


batching.primitive_batchers[rms_norm_prim_p] = _批
