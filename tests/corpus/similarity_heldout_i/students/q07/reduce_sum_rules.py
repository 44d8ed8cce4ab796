# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def _jvp(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    # 1. a symbolic zero tangent passes through
    if isinstance(t, ad.Zero):
        return y, ad.Zero.from_primal_value(y)
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _transpose(ct, x, *, axis):
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    # 2. summed axes become size 1, then broadcast back
    shape = x.aval.shape
    return (jnp.broadcast_to(jnp.reshape(ct, [1 if i in axis else n for i, n in enumerate(shape)]), shape),)


def _batch(args, dims, *, axis):
    (x,), (b,) = args, dims
    # 3. batch axis to the end, the summed axes keep their numbers
    perm = [i for i in range(x.ndim) if i != b] + [b]
    x = jnp.transpose(x, perm)
    return custom_reduce_sum_p.bind(x, axis=axis), x.ndim - 1 - len(axis)


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
