# rms_norm_prim_p lowered to the FFI target "rms_norm".
# 1. the primitive
rms_norm_prim_p = Primitive("rms_norm_prim")
# 2. abstract evaluation: same shape and dtype
rms_norm_prim_p.def_abstract_eval(lambda aval, *, eps: ShapedArray(aval.shape, aval.dtype))
# 3. eager impl: apply_primitive compiles the primitive through its lowering
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
# 4. the lowering on CPU
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


# 5. batching: only a batch axis in the last position needs moving
def rms_norm_batch(batched_args, batch_dims, *, eps):
    x, = batched_args
    bd, = batch_dims
    ndim = x.ndim
    if bd == ndim - 1:
        x = jnp.moveaxis(x, bd, ndim - 2)
        bd = ndim - 2
    return rms_norm_prim_p.bind(x, eps=eps), bd


batching.primitive_batchers[rms_norm_prim_p] = rms_norm_batch
