# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


# output aval equals the input aval
@rms_norm_prim_p.def_abstract_eval
def rms_norm_output_aval(input_aval: ShapedArray, *, eps) -> ShapedArray:
    return ShapedArray(input_aval.shape, input_aval.dtype)


# CPU lowering goes straight to the registered FFI handler
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")

# eager mode: apply_primitive jit-compiles the lone primitive
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))


# vmap support: the handler normalises the trailing axis, so the mapped axis goes to the front
def rms_norm_batching_rule(batched_arguments: tuple, batch_dimensions: tuple, *, eps):
    (batched_input,), (mapped_axis,) = batched_arguments, batch_dimensions
    batched_input = jnp.moveaxis(batched_input, mapped_axis, 0)
    return rms_norm_prim_p.bind(batched_input, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = rms_norm_batching_rule
