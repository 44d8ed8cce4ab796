# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def rms_norm_abstract_evaluation(input_aval, *, eps):
    """The output has exactly the input's shape and dtype."""
    return ShapedArray(input_aval.shape, input_aval.dtype)


def rms_norm_batching_rule(batched_arguments, batch_dimensions, *, eps):
    """Move the batch dimension to the front when it is the last one; otherwise leave it where it is."""
    batched_input, = batched_arguments
    batch_dimension, = batch_dimensions
    last_dimension = batched_input.ndim - 1
    if batch_dimension != last_dimension:
        return rms_norm_prim_p.bind(batched_input, eps=eps), batch_dimension
    batch_first_input = jnp.moveaxis(batched_input, last_dimension, 0)
    return rms_norm_prim_p.bind(batch_first_input, eps=eps), 0


rms_norm_prim_p.def_abstract_eval(rms_norm_abstract_evaluation)
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = rms_norm_batching_rule
