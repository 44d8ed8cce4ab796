# Exercise 4: a primitive whose CPU lowering is the FFI target "rms_norm".
def rms_batch(args, dims, *, eps):
    x, = args
    bd, = dims
    # 批维度在最后一维时会被当成归一化的维度,所以挪到最前面
    if bd == x.ndim - 1:
        return rms_norm_prim_p.bind(jnp.moveaxis(x, -1, 0), eps=eps), 0
    # 其他位置本来就是「行」,不用动
    return rms_norm_prim_p.bind(x, eps=eps), bd


rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
rms_norm_prim_p.def_abstract_eval(lambda x, *, eps: ShapedArray(x.shape, x.dtype))
batching.primitive_batchers[rms_norm_prim_p] = rms_batch
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
