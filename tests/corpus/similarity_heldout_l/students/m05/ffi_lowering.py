# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")
# 输出的抽象值:和输入一模一样的形状、dtype
rms_norm_prim_p.def_abstract_eval(lambda 张量, *, eps: ShapedArray(张量.shape, 张量.dtype))
# lowering:CPU 上就是 rms_norm 这个 FFI target
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
# 立即执行:apply_primitive 借用 lowering
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def 按批计算(批参数, 批维度, *, eps):
    张量, = 批参数
    位置, = 批维度
    # 把批放到最前面,最后一维仍然是归一化的那一维
    return rms_norm_prim_p.bind(jnp.moveaxis(张量, 位置, 0), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = 按批计算
