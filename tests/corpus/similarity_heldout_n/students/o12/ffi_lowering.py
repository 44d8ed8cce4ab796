# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def rms_norm_abstract_evaluation(input_abstract_value, *, eps):
    return ShapedArray(input_abstract_value.shape, input_abstract_value.dtype)


def rms_norm_eager_implementation(input_array, *, eps):
    return xla.apply_primitive(rms_norm_prim_p, input_array, eps=eps)


def rms_norm_batching_rule(batched_arguments, batch_dimensions, *, eps):
    batched_input, = batched_arguments
    batch_dimension, = batch_dimensions
    input_with_batch_dimension_first = jnp.moveaxis(batched_input, batch_dimension, 0)
    batched_output = rms_norm_prim_p.bind(input_with_batch_dimension_first, eps=eps)
    return batched_output, 0


rms_norm_prim_p.def_abstract_eval(rms_norm_abstract_evaluation)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(rms_norm_eager_implementation)
batching.primitive_batchers[rms_norm_prim_p] = rms_norm_batching_rule
