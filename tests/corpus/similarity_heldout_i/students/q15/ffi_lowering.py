# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


def _批处理(args, dims, *, eps):
    (x,), (b,) = args, dims
    # 把 batch 维换到倒数第二维:最后一维仍是被归一化的那一维
    if x.ndim == 1:
        return rms_norm_prim_p.bind(x, eps=eps), b
    x = jnp.moveaxis(x, b, -2)
    return rms_norm_prim_p.bind(x, eps=eps), x.ndim - 2


batching.primitive_batchers[rms_norm_prim_p] = _批处理
