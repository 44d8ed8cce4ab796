# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def jvp_rule(primals, tangents, *, axis):
    res = custom_reduce_sum_p.bind(primals[0], axis=axis)
    tmp = tangents[0]
    if type(tmp) is ad.Zero:
        return res, ad.Zero.from_primal_value(res)
    return res, custom_reduce_sum_p.bind(tmp, axis=axis)


def transpose_rule(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    tmp = jnp.zeros(x.aval.shape, x.aval.dtype)
    return (tmp + jnp.expand_dims(ct, axis),)


def batch_rule(args, dims, *, axis):
    tmp = jnp.moveaxis(args[0], dims[0], 0)
    ret = [a + 1 for a in axis]
    return custom_reduce_sum_p.bind(tmp, axis=tuple(ret)), 0


ad.primitive_jvps[custom_reduce_sum_p] = jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = batch_rule
