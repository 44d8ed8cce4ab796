# 在这里为 custom_reduce_sum_p 注册三条规则:


def jvp_rule(primals, tangents, *, axis):
    '''y = sum_A x,切线 = sum_A t。'''
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    zero = ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, zero if type(t) is ad.Zero else custom_reduce_sum_p.bind(t, axis=axis)


def transpose_rule(ct, x, *, axis):
    '''余切广播回输入形状。'''
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (ct.reshape([1 if i in axis else n for i, n in enumerate(x.aval.shape)]) * jnp.ones(x.aval.shape, ct.dtype),)


def batch_rule(batched_args, batch_dims, *, axis):
    '''批维度挪到 0。'''
    x, = batched_args
    bd, = batch_dims
    return custom_reduce_sum_p.bind(jnp.moveaxis(x, bd, 0), axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = batch_rule
