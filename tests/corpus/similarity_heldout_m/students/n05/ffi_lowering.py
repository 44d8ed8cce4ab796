# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")
# 抽象求值:形状、dtype 不变
rms_norm_prim_p.def_abstract_eval(lambda 输入, *, eps: ShapedArray(输入.shape, 输入.dtype))
# lowering 交给 FFI target
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def 批规则(参数, 维, *, eps):
    (数组,), (批轴,) = 参数, 维
    # 内核只对最后一维归一化:batch 轴放到倒数第二维
    if 数组.ndim == 1:
        return rms_norm_prim_p.bind(数组, eps=eps), 批轴
    数组 = jnp.moveaxis(数组, 批轴, -2)
    return rms_norm_prim_p.bind(数组, eps=eps), 数组.ndim - 2


batching.primitive_batchers[rms_norm_prim_p] = 批规则
