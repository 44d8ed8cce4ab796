# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def rms_norm_abstract_evaluation(input_aval, *, eps):
    # 形状和 dtype 都不变
    return ShapedArray(input_aval.shape, input_aval.dtype)


def rms_norm_eager_implementation(input_array, *, eps):
    # eager 调用时单独编译这个原语
    return jax.jit(lambda value: rms_norm_prim_p.bind(value, eps=eps))(input_array)


def rms_norm_batching_rule(batched_arguments, batch_dimensions, *, eps):
    batched_input, = batched_arguments
    batch_dimension, = batch_dimensions
    # kernel 把除最后一维以外的维度都当成行;batch 维放到最前面就一定不是最后一维
    permutation = (batch_dimension,) + tuple(i for i in range(batched_input.ndim) if i != batch_dimension)
    return rms_norm_prim_p.bind(jnp.transpose(batched_input, permutation), eps=eps), 0


rms_norm_prim_p.def_abstract_eval(rms_norm_abstract_evaluation)
rms_norm_prim_p.def_impl(rms_norm_eager_implementation)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
batching.primitive_batchers[rms_norm_prim_p] = rms_norm_batching_rule
