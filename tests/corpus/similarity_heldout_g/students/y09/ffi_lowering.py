# 在这里定义原语 rms_norm_prim_p:抽象求值、以 FFI target "rms_norm" 作为 CPU lowering、
# eager impl、batching 规则。
rms_norm_prim_p = Primitive("rms_norm_prim")


def _rms_norm_abstract_evaluation(input_aval, *, eps):
    # 输出和输入的形状、dtype 相同
    return ShapedArray(input_aval.shape, input_aval.dtype)


def _rms_norm_batching_rule(batched_arguments, batch_dimensions, *, eps):
    (batched_input,), (batch_dimension,) = batched_arguments, batch_dimensions
    # 用转置把批维度放到第 0 维,其余维度顺序不变
    permutation = (batch_dimension,) + tuple(
        axis_index for axis_index in range(batched_input.ndim) if axis_index != batch_dimension)
    moved_input = jnp.transpose(batched_input, permutation)
    return rms_norm_prim_p.bind(moved_input, eps=eps), 0


rms_norm_prim_p.def_abstract_eval(_rms_norm_abstract_evaluation)
mlir.register_lowering(rms_norm_prim_p, jax.ffi.ffi_lowering("rms_norm"), platform="cpu")
rms_norm_prim_p.def_impl(partial(xla.apply_primitive, rms_norm_prim_p))
batching.primitive_batchers[rms_norm_prim_p] = _rms_norm_batching_rule
