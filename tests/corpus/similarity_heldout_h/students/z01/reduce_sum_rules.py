# Register the three rules of custom_reduce_sum_p.
DEBUG_RULES = False
_RULE_NAMES = ("jvp", "transpose", "batch")


def reduce_sum_tangent_rule(primals, tangents, *, axis):
    primal_input, = primals
    input_tangent, = tangents
    primal_output = custom_reduce_sum_p.bind(primal_input, axis=axis)
    if type(input_tangent) is ad.Zero:
        # a symbolic zero tangent stays symbolic
        return primal_output, ad.Zero(jax.typeof(primal_output).to_tangent_aval())
    return primal_output, custom_reduce_sum_p.bind(input_tangent, axis=axis)


def reduce_sum_transpose_rule(cotangent, linear_input, *, axis):
    if type(cotangent) is ad.Zero:
        return (ad.Zero(linear_input.aval),)
    # the summed axes come back with length one
    keepdims_shape = list(linear_input.aval.shape)
    for summed_axis in axis:
        keepdims_shape[summed_axis] = 1
    if DEBUG_RULES:
        print("transpose", keepdims_shape)
    return (jnp.broadcast_to(cotangent.reshape(keepdims_shape), linear_input.aval.shape),)


def reduce_sum_batching_rule(batched_args, batch_dims, *, axis):
    batched_input, = batched_args
    batch_dim, = batch_dims
    shifted_axes = []
    for summed_axis in axis:
        if summed_axis >= batch_dim:
            shifted_axes.append(summed_axis + 1)
        else:
            shifted_axes.append(summed_axis)
    # summed axes in front of the batch axis move it to the left
    removed_before_batch = 0
    for summed_axis in axis:
        if summed_axis < batch_dim:
            removed_before_batch += 1
    return custom_reduce_sum_p.bind(batched_input, axis=tuple(shifted_axes)), batch_dim - removed_before_batch


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_tangent_rule
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batching_rule
