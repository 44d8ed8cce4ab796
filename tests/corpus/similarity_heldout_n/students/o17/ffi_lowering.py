# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def 抽象求值(x, *, eps):
    """输出与输入同形状、同 dtype。"""
    return x.update(shape=x.shape, dtype=x.dtype)


def 批处理(args, dims, *, eps):
    """批维度挪到第 0 维(一定不是最后一维),输出的批维度也在第 0 维。"""
    (x,), (bd,) = args, dims
    if bd != 0:
        x = jnp.moveaxis(x, bd, 0)
    return rms_norm_prim_p.bind(x, eps=eps), 0


rms_norm_prim_p.def_abstract_eval(抽象求值)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
batching.primitive_batchers[rms_norm_prim_p] = 批处理
