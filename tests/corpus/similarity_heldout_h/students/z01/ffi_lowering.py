# A primitive whose CPU lowering is the FFI target rms_norm.
rms_norm_prim_p = Primitive("rms_norm_prim")


def rms_norm_abstract_eval(operand_aval: ShapedArray, *, eps) -> ShapedArray:
    # same shape and dtype as the input
    return ShapedArray(operand_aval.shape, operand_aval.dtype)


def rms_norm_batching_rule(batched_args, batch_dims, *, eps):
    batched_operand, = batched_args
    batch_dimension, = batch_dims
    # the kernel normalises the last axis; any other position is just one more row axis
    if batch_dimension == batched_operand.ndim - 1:
        batched_operand = jnp.moveaxis(batched_operand, batch_dimension, 0)
        batch_dimension = 0
    return rms_norm_prim_p.bind(batched_operand, eps=eps), batch_dimension


rms_norm_prim_p.def_abstract_eval(rms_norm_abstract_eval)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
batching.primitive_batchers[rms_norm_prim_p] = rms_norm_batching_rule
