# 三条规则
def _jvp_rule(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    primal_out = custom_reduce_sum_p.bind(x, axis=axis)
    tangent_out = custom_reduce_sum_p.bind(ad.instantiate_zeros(t), axis=axis)
    return primal_out, tangent_out


def _transpose_rule(ct, x, *, axis):
    # 余切向量为符号零时直接返回零
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    out = jnp.expand_dims(ct, axis)
    return (jnp.broadcast_to(out, x.aval.shape),)


def _batch_rule(args, dims, *, axis):
    x, = args
    bd, = dims
    x = jnp.moveaxis(x, bd, 0)
    new_axis = tuple(a + 1 for a in axis)
    return custom_reduce_sum_p.bind(x, axis=new_axis), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = _transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = _batch_rule
