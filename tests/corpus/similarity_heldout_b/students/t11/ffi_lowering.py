rms_norm_prim_p = Primitive("rms_norm_prim")
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(lambda *args, **params: xla.apply_primitive(rms_norm_prim_p, *args, **params))
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))


def batch_rms(args, dims, *, eps):
    x, = args
    d, = dims
    # 把批维放到最前面
    return rms_norm_prim_p.bind(jnp.moveaxis(x, d, 0), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = batch_rms
