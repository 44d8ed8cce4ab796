rms_norm_prim_p = Primitive("rms_norm_prim")


def abstract_evaluation_keeps_shape_and_dtype(input_aval, *, eps):
    return ShapedArray(input_aval.shape, input_aval.dtype)


def batching_rule_moving_the_batch_dimension_to_the_front(batched_arguments, batch_dimensions, *, eps):
    batched_input = jnp.moveaxis(batched_arguments[0], batch_dimensions[0], 0)
    return rms_norm_prim_p.bind(batched_input, eps=eps), 0


rms_norm_prim_p.def_abstract_eval(abstract_evaluation_keeps_shape_and_dtype)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = batching_rule_moving_the_batch_dimension_to_the_front
