# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def _keepdims_shape(shape, axis):
    # the input shape with every summed axis set to 1
    return tuple(1 if i in axis else n for i, n in enumerate(shape))


def _jvp_rule(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    # a zero tangent is materialised; the sum of zeros is zero
    return y, custom_reduce_sum_p.bind(ad.instantiate_zeros(t), axis=axis)


def _transpose_rule(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    shape = x.aval.shape
    return (jnp.broadcast_to(ct.reshape(_keepdims_shape(shape, axis)), shape),)


def _batch_rule(args, dims, *, axis):
    (x,), (bd,) = args, dims
    # batch axis first, so every summed axis moves up by one
    x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = _transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = _batch_rule
