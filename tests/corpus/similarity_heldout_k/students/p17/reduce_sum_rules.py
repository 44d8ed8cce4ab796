# 三条规则
def custom_reduce_sum_jvp_rule(primal_arguments, tangent_arguments, *, axis):
    """The sum is linear, so the output tangent is the tangent summed over the same axes."""
    primal_input, = primal_arguments
    tangent_input, = tangent_arguments
    primal_output = custom_reduce_sum_p.bind(primal_input, axis=axis)
    if type(tangent_input) is ad.Zero:
        tangent_output = ad.Zero(jax.typeof(primal_output).to_tangent_aval())
    else:
        tangent_output = custom_reduce_sum_p.bind(tangent_input, axis=axis)
    return primal_output, tangent_output


def custom_reduce_sum_transpose_rule(output_cotangent, undefined_input, *, axis):
    """Broadcast the output cotangent back to the input shape (unit axes first)."""
    if type(output_cotangent) is ad.Zero:
        return (ad.Zero(undefined_input.aval),)
    input_shape = undefined_input.aval.shape
    cotangent_with_unit_axes = jnp.expand_dims(output_cotangent, axis)
    return (jnp.broadcast_to(cotangent_with_unit_axes, input_shape),)


def 批处理规则(参数, 批维, *, axis):
    甲, = 参数
    维, = 批维
    # 批维度保持原位,后面的轴号都要加一
    新轴 = []
    for 轴 in axis:
        新轴.append(轴 + 1 if 轴 >= 维 else 轴)
    输出维 = 维 - len([轴 for 轴 in axis if 轴 < 维])
    return custom_reduce_sum_p.bind(甲, axis=tuple(新轴)), 输出维


ad.primitive_jvps[custom_reduce_sum_p] = custom_reduce_sum_jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = custom_reduce_sum_transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = 批处理规则
