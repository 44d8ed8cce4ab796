# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def 抽象求值(x, *, eps):
    # 形状和 dtype 不变
    return ShapedArray(x.shape, x.dtype)


def 批处理(参数们, 批维们, *, eps):
    数组, = 参数们
    批维, = 批维们
    # 批维度挪到第 0 维,就不会是被归一化的最后一维
    数组 = jnp.moveaxis(数组, 批维, 0)
    return rms_norm_prim_p.bind(数组, eps=eps), 0


rms_norm_prim_p.def_abstract_eval(抽象求值)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
batching.primitive_batchers[rms_norm_prim_p] = 批处理
