# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def _rms_norm_abstract_eval(operand: ShapedArray, *, eps: np.float32) -> ShapedArray:
    """The output has the operand's shape and dtype."""
    return ShapedArray(operand.shape, operand.dtype)


def _rms_norm_batching_rule(batched_operands: tuple, batch_dimensions: tuple, *, eps: np.float32) -> tuple:
    """Move the batch dimension in front so the kernel treats it as rows, never as the normalised axis."""
    (batched_operand,), (batch_dimension,) = batched_operands, batch_dimensions
    leading_batch_operand = jnp.moveaxis(batched_operand, batch_dimension, 0)
    normalised = rms_norm_prim_p.bind(leading_batch_operand, eps=eps)
    return normalised, batch_dimension


rms_norm_prim_p.def_abstract_eval(_rms_norm_abstract_eval)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
batching.primitive_batchers[rms_norm_prim_p] = _rms_norm_batching_rule
