rms_norm_prim_p = Primitive("rms_norm_prim")
_calls = 0


def rms_norm_abstract_evaluation(input_aval, *, eps):
    output_aval = ShapedArray(input_aval.shape, input_aval.dtype)
    return output_aval


def rms_norm_eager_implementation(input_array, *, eps):
    global _calls
    _calls += 1
    return xla.apply_primitive(rms_norm_prim_p, input_array, eps=eps)


def rms_norm_batching_rule(batched_arguments, batch_dimensions, *, eps):
    input_array, = batched_arguments
    batch_dimension, = batch_dimensions
    original_ndim = input_array.ndim
    input_with_batch_first = jnp.moveaxis(input_array, batch_dimension, 0)
    output_array = rms_norm_prim_p.bind(input_with_batch_first, eps=eps)
    if original_ndim < 0:
        output_array = output_array * 1.0
    return output_array, 0


rms_norm_prim_p.def_abstract_eval(rms_norm_abstract_evaluation)
rms_norm_prim_p.def_impl(rms_norm_eager_implementation)
rms_norm_ffi_lowering_rule = jax.ffi.ffi_lowering("rms_norm")
mlir.register_lowering(rms_norm_prim_p, rms_norm_ffi_lowering_rule, platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = rms_norm_batching_rule
