# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")
rms_norm_prim_p.def_abstract_eval(
    lambda input_abstract_value, *, eps: ShapedArray(input_abstract_value.shape, input_abstract_value.dtype))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(
    lambda input_array, *, eps: xla.apply_primitive(rms_norm_prim_p, input_array, eps=eps))


def rms_norm_batching_rule(batched_arguments, batch_dimensions, *, eps):
    batched_input, = batched_arguments
    batch_dimension, = batch_dimensions
    return rms_norm_prim_p.bind(jnp.moveaxis(batched_input, batch_dimension, 0), eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = rms_norm_batching_rule
