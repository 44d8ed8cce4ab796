# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def _reduce_batch(vals, dims, *, axis):
    (x,), (bd,) = vals, dims
    perm = [bd] + [i for i in range(x.ndim) if i != bd]
    x = jnp.transpose(x, perm)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


def _reduce_transpose(ct, operand, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(operand.aval),)
    for a in sorted(axis):
        ct = jnp.expand_dims(ct, a)
    return (jnp.broadcast_to(ct, operand.aval.shape),)


def _reduce_jvp(primals, tangents, *, axis):
    (x,), (x_t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(x_t) is ad.Zero:
        return y, ad.Zero.from_primal_value(y)
    return y, custom_reduce_sum_p.bind(x_t, axis=axis)


batching.primitive_batchers[custom_reduce_sum_p] = _reduce_batch
ad.primitive_transposes[custom_reduce_sum_p] = _reduce_transpose
ad.primitive_jvps[custom_reduce_sum_p] = _reduce_jvp
