# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def rms_norm_abstract_evaluation(input_aval, *, eps):
    # 输出的形状和 dtype 与输入相同
    return ShapedArray(input_aval.shape, input_aval.dtype)


def rms_norm_batching_rule(batched_arguments, batch_dimensions, *, eps):
    # 把批维度挪到第 0 维:内核只对最后一维归一化,前面的都当作行
    (batched_input,) = batched_arguments
    (batch_dimension,) = batch_dimensions
    moved_input = jnp.moveaxis(batched_input, batch_dimension, 0)
    return rms_norm_prim_p.bind(moved_input, eps=eps), 0


def rms_norm_eager_implementation(input_value, *, eps):
    # eager 执行:jit 一个只 bind 本原语的 lambda,走的还是 FFI lowering
    return jax.jit(lambda value: rms_norm_prim_p.bind(value, eps=eps))(input_value)


rms_norm_prim_p.def_abstract_eval(rms_norm_abstract_evaluation)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(rms_norm_eager_implementation)
batching.primitive_batchers[rms_norm_prim_p] = rms_norm_batching_rule
