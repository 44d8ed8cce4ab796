def reduce_sum_jvp(primals, tangents, *, axis):
    (x,) = primals
    (tangent,) = tangents
    primal_out = custom_reduce_sum_p.bind(x, axis=axis)
    if type(tangent) is ad.Zero:
        tangent_out = ad.Zero.from_primal_value(primal_out)
    else:
        tangent_out = custom_reduce_sum_p.bind(tangent, axis=axis)
    return primal_out, tangent_out


def reduce_sum_transpose(cotangent, x, *, axis):
    if type(cotangent) is ad.Zero:
        result = ad.Zero(x.aval)
    else:
        expanded = jnp.expand_dims(cotangent, axis)
        result = jnp.broadcast_to(expanded, x.aval.shape)
    return (result,)


def reduce_sum_batch(batched_args, batch_dims, *, axis):
    (x,) = batched_args
    (batch_dim,) = batch_dims
    if batch_dim == 0:
        moved = x
    else:
        moved = jnp.moveaxis(x, batch_dim, 0)
    new_axis = tuple(a + 1 for a in axis)
    return custom_reduce_sum_p.bind(moved, axis=new_axis), 0


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batch
