rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(lambda *args, **params: xla.apply_primitive(rms_norm_prim_p, *args, **params))
# 批维度挪到倒数第二维:一定不是最后一维
batching.primitive_batchers[rms_norm_prim_p] = lambda args, dims, *, eps: (
    rms_norm_prim_p.bind(jnp.moveaxis(args[0], dims[0], -2), eps=eps), args[0].ndim - 2)
