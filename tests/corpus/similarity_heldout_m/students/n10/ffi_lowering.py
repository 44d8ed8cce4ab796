# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_primitive_definition = Primitive("rms_norm_prim")
rms_norm_prim_p = rms_norm_primitive_definition


def compute_output_abstract_value(operand_abstract_value, *, eps):
    # the normalised array has exactly the input's shape and element type
    return ShapedArray(operand_abstract_value.shape, operand_abstract_value.dtype)


def evaluate_eagerly(operand, *, eps):
    # eager calls go through jit so that the FFI lowering below is what runs
    return jax.jit(partial(rms_norm_prim_p.bind, eps=eps))(operand)


def batch_over_leading_axis(batched_operands, batch_dimensions, *, eps):
    # the kernel works row by row over the last axis, so the batch axis goes to the front
    operand_with_batch_first = jnp.moveaxis(batched_operands[0], batch_dimensions[0], 0)
    return rms_norm_prim_p.bind(operand_with_batch_first, eps=eps), 0


rms_norm_prim_p.def_abstract_eval(compute_output_abstract_value)
rms_norm_prim_p.def_impl(evaluate_eagerly)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = batch_over_leading_axis
