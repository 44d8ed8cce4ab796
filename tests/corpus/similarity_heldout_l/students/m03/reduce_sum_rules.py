def reduce_sum_jvp_rule(primal_arguments, tangent_arguments, *, axis):
    operand, = primal_arguments
    operand_tangent, = tangent_arguments
    reduced_output = custom_reduce_sum_p.bind(operand, axis=axis)
    if type(operand_tangent) is ad.Zero:
        return reduced_output, ad.Zero(jax.typeof(reduced_output).to_tangent_aval())
    return reduced_output, custom_reduce_sum_p.bind(operand_tangent, axis=axis)


def reduce_sum_transpose_rule(output_cotangent, linear_operand, *, axis):
    if type(output_cotangent) is ad.Zero:
        return (ad.Zero(linear_operand.aval),)
    operand_shape = linear_operand.aval.shape
    surviving_dimensions = tuple(d for d in range(len(operand_shape)) if d not in axis)
    return (jax.lax.broadcast_in_dim(output_cotangent, operand_shape, surviving_dimensions),)


def batch_rule(args, dims, *, axis):
    x, = args
    bd, = dims
    new_axis = tuple(a if a < bd else a + 1 for a in axis)
    out_bd = bd - len([a for a in axis if a < bd])
    return custom_reduce_sum_p.bind(x, axis=new_axis), out_bd


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = batch_rule
