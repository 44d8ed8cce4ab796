# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def _batch_rule(args, dims, *, axis):
    """Batch axis first; every summed axis moves up by one."""
    (x,), (bd,) = args, dims
    x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


def _transpose_rule(ct, x, *, axis):
    """Broadcast the cotangent back over the summed axes."""
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    shape = x.aval.shape
    return (jnp.broadcast_to(ct.reshape(_keepdims_shape(shape, axis)), shape),)


def _jvp_rule(primals, tangents, *, axis):
    """Linear: the tangent is summed the same way."""
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    return y, custom_reduce_sum_p.bind(ad.instantiate_zeros(t), axis=axis)


def _keepdims_shape(shape, axis):
    return tuple(1 if i in axis else n for i, n in enumerate(shape))


batching.primitive_batchers[custom_reduce_sum_p] = _batch_rule
ad.primitive_transposes[custom_reduce_sum_p] = _transpose_rule
ad.primitive_jvps[custom_reduce_sum_p] = _jvp_rule
