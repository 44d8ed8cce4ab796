# A primitive whose CPU lowering is the registered FFI target "rms_norm".
rms_norm_prim_p = Primitive("rms_norm_prim")


@rms_norm_prim_p.def_abstract_eval
def _rms_norm_abstract_eval(operand_aval: ShapedArray, *, eps) -> ShapedArray:
    # Same shape and dtype as the input.
    return ShapedArray(operand_aval.shape, operand_aval.dtype)


mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
# Eager execution reuses the lowering: apply_primitive jit-compiles the single primitive.
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


def _rms_norm_batching_rule(batched_operands: tuple, batch_dimensions: tuple, *, eps):
    (operand,), (batch_dimension,) = batched_operands, batch_dimensions
    # The kernel normalises the last axis; any other position is fine for the batch axis.
    leading_batch = jnp.moveaxis(operand, batch_dimension, 0)
    return rms_norm_prim_p.bind(leading_batch, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = _rms_norm_batching_rule
