# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")
# 抽象求值:形状 dtype 不变
rms_norm_prim_p.def_abstract_eval(lambda 输入, *, eps: ShapedArray(输入.shape, 输入.dtype))
# CPU lowering 直接用 FFI target
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
# eager:临时 jit 一个原语
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def 批处理(参数, 批维, *, eps):
    x, = 参数
    维, = 批维
    # 批维度挪到第 0 维(不会是被归一化的最后一维)
    return rms_norm_prim_p.bind(jnp.moveaxis(x, 维, 0), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = 批处理
