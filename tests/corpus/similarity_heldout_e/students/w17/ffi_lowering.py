# 原语:rms_norm_prim
rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
# lowering 到 FFI target,eps 以属性传下去(调用方传 np.float32)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
# impl 复用 lowering
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _批处理(args, dims, *, eps):
    (x,), (bd,) = args, dims
    # 批维度在最后一维时会被当成被归一化的那一维,所以一律挪到前面
    x = jnp.moveaxis(x, bd, 0)
    return rms_norm_prim_p.bind(x, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _批处理
