from jax import tree_util


def _sum_jvp(primals, tangents, *, axis):
    operand, = primals
    tan, = tangents
    total = custom_reduce_sum_p.bind(operand, axis=axis)
    if type(tan) is ad.Zero:
        # symbolic zero in, symbolic zero out
        return total, ad.Zero(jax.typeof(total).to_tangent_aval())
    return total, custom_reduce_sum_p.bind(tan, axis=axis)


def _sum_transpose(cot, operand, *, axis):
    if type(cot) is ad.Zero:
        return (ad.Zero(operand.aval),)
    # size-1 axes where we summed, then broadcast back
    return tree_util.tree_map(lambda g: jnp.broadcast_to(jnp.expand_dims(g, axis), operand.aval.shape), (cot,))


def _sum_batch(vals, bdims, *, axis):
    operand, = vals
    b, = bdims
    front = jnp.moveaxis(operand, b, 0)
    # batch axis now first: every sample axis is one further
    axes = tree_util.tree_map(lambda i: i + 1, axis)
    return custom_reduce_sum_p.bind(front, axis=tuple(axes)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _sum_batch
