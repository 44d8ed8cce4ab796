# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def sum_jvp(primals, tangents, *, axis):
    x = primals[0]
    t = tangents[0]
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero.from_primal_value(y)
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def sum_transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    shape = x.aval.shape
    new_shape = []
    for i in range(len(shape)):
        if i in axis:
            new_shape.append(1)
        else:
            new_shape.append(shape[i])
    return (jnp.broadcast_to(ct.reshape(new_shape), shape),)


def sum_batch(args, dims, *, axis):
    x = args[0]
    bd = dims[0]
    new_axis = []
    for i in range(len(axis)):
        if axis[i] >= bd:
            new_axis.append(axis[i] + 1)
        else:
            new_axis.append(axis[i])
    n_before = 0
    for i in range(len(axis)):
        if axis[i] < bd:
            n_before = n_before + 1
    return custom_reduce_sum_p.bind(x, axis=tuple(new_axis)), bd - n_before


ad.primitive_jvps[custom_reduce_sum_p] = sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = sum_batch
