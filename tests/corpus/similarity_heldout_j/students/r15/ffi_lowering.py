# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")
# 抽象求值:形状和 dtype 不变
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _批(参数, 维, *, eps):
    # 批维度统一挪到最后
    x = jnp.moveaxis(参数[0], 维[0], -1)
    return rms_norm_prim_p.bind(x, eps=eps), x.ndim - 1


batching.primitive_batchers[rms_norm_prim_p] = _批
