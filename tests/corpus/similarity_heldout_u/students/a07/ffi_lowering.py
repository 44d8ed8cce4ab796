rms_norm_prim_p = Primitive("rms_norm_prim")


def rms_norm_output_has_same_shape_and_dtype(input_abstract_value, *, eps):
    return ShapedArray(input_abstract_value.shape, input_abstract_value.dtype)


rms_norm_prim_p.def_abstract_eval(rms_norm_output_has_same_shape_and_dtype)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
eager_implementation_through_the_lowering = partial(xla.apply_primitive, rms_norm_prim_p)
rms_norm_prim_p.def_impl(eager_implementation_through_the_lowering)


def rms_norm_batching_rule(batched_arguments, batch_dimensions, *, eps):
    (batched_input,), (batch_dimension,) = batched_arguments, batch_dimensions
    last_dimension = batched_input.ndim - 1
    if batch_dimension != last_dimension:
        # 批维度不在最后一维时,内核本来就把它当作一行一行处理
        return rms_norm_prim_p.bind(batched_input, eps=eps), batch_dimension
    input_with_batch_in_front = jnp.moveaxis(batched_input, batch_dimension, 0)
    return rms_norm_prim_p.bind(input_with_batch_in_front, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = rms_norm_batching_rule
