# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def rms_norm_abstract_evaluation(operand_aval, *, eps):
    """The normalised output has exactly the operand's shape and dtype."""
    return ShapedArray(operand_aval.shape, operand_aval.dtype)


def rms_norm_batching_rule(batched_operands, batch_dimensions, *, eps):
    """Move the batch dimension to the front so the normalised axis stays the last one."""
    batched_operand, = batched_operands
    batch_dimension, = batch_dimensions
    if type(batch_dimension) is int and batch_dimension != 0:
        batched_operand = jnp.moveaxis(batched_operand, batch_dimension, 0)
    return rms_norm_prim_p.bind(batched_operand, eps=eps), 0


rms_norm_prim_p.def_abstract_eval(rms_norm_abstract_evaluation)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = rms_norm_batching_rule
