# Three rules for custom_reduce_sum_p.
def jvp_rule(primals: tuple, tangents: tuple, *, axis: tuple[int, ...]):
    operand, = primals
    operand_dot, = tangents
    summed = custom_reduce_sum_p.bind(operand, axis=axis)
    if type(operand_dot) is ad.Zero:  # symbolic zero tangent
        return summed, ad.Zero(jax.typeof(summed).to_tangent_aval())
    return summed, custom_reduce_sum_p.bind(operand_dot, axis=axis)


def transpose_rule(cotangent, operand, *, axis: tuple[int, ...]):
    if type(cotangent) is ad.Zero:
        return (ad.Zero(operand.aval),)
    # unit axes where the sum was taken, then broadcast back
    return (jnp.broadcast_to(jnp.expand_dims(cotangent, axis), operand.aval.shape),)


def batch_rule(batched_args: tuple, batch_dims: tuple, *, axis: tuple[int, ...]):
    operand, = batched_args
    batch_dim, = batch_dims
    # keep the batch dimension where it is; shift the axes at or after it
    shifted = tuple(a + (a >= batch_dim) for a in axis)
    out_dim = batch_dim - sum(1 for a in axis if a < batch_dim)
    return custom_reduce_sum_p.bind(operand, axis=shifted), out_dim


ad.primitive_jvps[custom_reduce_sum_p] = jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = batch_rule
