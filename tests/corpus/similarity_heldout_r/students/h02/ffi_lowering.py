# 定义原语
rms_norm_prim_p = Primitive("rms_norm_prim")


# 抽象求值:输出和输入形状、dtype 相同
@rms_norm_prim_p.def_abstract_eval
def rms_norm_abstract_eval(input_aval, *, eps):
    return ShapedArray(input_aval.shape, input_aval.dtype)


# CPU 上 lowering 成 FFI target "rms_norm"
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")


# eager 执行:直接调用 ffi_call
@rms_norm_prim_p.def_impl
def rms_norm_eager_impl(input_array, *, eps):
    output_type = jax.ShapeDtypeStruct(input_array.shape, input_array.dtype)
    return jax.ffi.ffi_call("rms_norm", output_type)(input_array, eps=eps)


# batching:batch 轴移到第 0 轴,RMS 仍然沿最后一个轴算
def rms_norm_batching_rule(batched_args, batch_dims, *, eps):
    (batched_input,) = batched_args
    (batch_dim,) = batch_dims
    moved_input = jnp.moveaxis(batched_input, batch_dim, 0)
    return rms_norm_prim_p.bind(moved_input, eps=eps), 0


batching.primitive_batchers[rms_norm_prim_p] = rms_norm_batching_rule
