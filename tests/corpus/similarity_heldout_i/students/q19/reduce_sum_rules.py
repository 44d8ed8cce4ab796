# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def sum_jvp(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    # a symbolic zero tangent gives a symbolic zero out
    if type(t) is ad.Zero:
        return y, ad.Zero.from_primal_value(y)
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def sum_transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    # keepdims shape: 1 on every summed axis
    keep = [1 if i in axis else n for i, n in enumerate(x.aval.shape)]
    return (jnp.broadcast_to(jnp.reshape(ct, keep), x.aval.shape),)


def sum_batch(args, dims, *, axis):
    (x,), (bd,) = args, dims
    # keep the batch axis where it is and renumber the summed axes around it
    axes = tuple(a + (a >= bd) for a in axis)
    return custom_reduce_sum_p.bind(x, axis=axes), bd - len([a for a in axes if a < bd])


ad.primitive_jvps[custom_reduce_sum_p] = sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = sum_batch
