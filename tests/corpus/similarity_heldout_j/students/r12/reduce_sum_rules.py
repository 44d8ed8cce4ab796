# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def _sum_jvp(primals, tangents, *, axis):
    x, = primals
    xdot, = tangents
    out = custom_reduce_sum_p.bind(x, axis=axis)
    if type(xdot) is ad.Zero:
        # symbolic zero in, symbolic zero out
        return out, ad.Zero(jax.typeof(out).to_tangent_aval())
    return out, custom_reduce_sum_p.bind(xdot, axis=axis)


def _sum_transpose(ct, operand, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(operand.aval),)
    full = operand.aval.shape
    ct = jnp.expand_dims(ct, axis)
    return (jnp.broadcast_to(ct, full),)


def _sum_batch(args, dims, *, axis):
    x, = args
    bd, = dims
    # shift the axes that sit at or after the batch axis
    new_axis = []
    for a in axis:
        if a >= bd:
            new_axis.append(a + 1)
        else:
            new_axis.append(a)
    before = len([a for a in axis if a < bd])
    return custom_reduce_sum_p.bind(x, axis=tuple(new_axis)), bd - before


ad.primitive_jvps[custom_reduce_sum_p] = _sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _sum_batch
