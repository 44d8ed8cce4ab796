# rms_norm_prim_p: a primitive lowered to the FFI target rms_norm on CPU
rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def rms_abstract_eval(operand, *, eps):
    # the result looks exactly like the operand
    return ShapedArray(operand.shape, operand.dtype)


mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def rms_batching_rule(batched_args, batch_dims, *, eps):
    # the kernel normalises the last axis, so the batch axis goes to the front
    operand, = batched_args
    batch_axis, = batch_dims
    operand = jnp.moveaxis(operand, batch_axis, 0)
    return rms_norm_prim_p.bind(operand, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = rms_batching_rule
