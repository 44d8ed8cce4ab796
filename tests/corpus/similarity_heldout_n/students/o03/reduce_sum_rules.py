# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def reduce_sum_jvp(primals, tangents, *, axis):
    """Sum is linear: the tangent is summed the same way."""
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(t, ad.Zero):
        return y, ad.Zero.from_primal_value(y)
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def reduce_sum_transpose(ct, x, *, axis):
    """Broadcast the cotangent back over the summed axes."""
    shape = x.aval.shape
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    kept = list(ct.shape)
    i = 0
    while i < len(shape):
        if i in axis:
            kept.insert(i, 1)
        i += 1
    return (jnp.broadcast_to(jnp.reshape(ct, kept), shape),)


def reduce_sum_batch(args, dims, *, axis):
    """Shift every axis at or after the batch dimension by one."""
    x, = args
    bd, = dims
    new_axis = tuple(a + 1 if a >= bd else a for a in axis)
    out = custom_reduce_sum_p.bind(x, axis=new_axis)
    return out, bd - sum(1 for a in axis if a < bd)


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batch
