# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def _rms_norm_abstract_evaluation(operand: ShapedArray, *, eps) -> ShapedArray:
    """RMSNorm keeps the shape and dtype of its operand."""
    return ShapedArray(operand.shape, operand.dtype)


def _rms_norm_batching_rule(batched_operands: tuple, batch_dimensions: tuple, *, eps) -> tuple:
    """The kernel normalises the last axis and treats all leading axes as rows.

    Moving the batch axis to the front turns it into one more row axis.
    """
    (batched_operand,), (batch_dimension,) = batched_operands, batch_dimensions
    operand_with_batch_first = jnp.moveaxis(batched_operand, batch_dimension, 0)
    return rms_norm_prim_p.bind(operand_with_batch_first, eps=eps), 0


rms_norm_prim_p.def_abstract_eval(_rms_norm_abstract_evaluation)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = _rms_norm_batching_rule
