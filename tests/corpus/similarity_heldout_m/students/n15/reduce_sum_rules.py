# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def sum_jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    # 切向量是零就返回零,否则同样求和
    if type(t) is ad.Zero:
        return y, ad.Zero.from_primal_value(y)
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def sum_transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    # 转置:把被求和掉的轴补回来再广播
    keep = tuple(i for i in range(x.aval.ndim) if i not in axis)
    return (jax.lax.broadcast_in_dim(ct, x.aval.shape, keep),)


def sum_batch(args, dims, *, axis):
    x, = args
    bd, = dims
    # batch 轴留在原处,求和轴往后挪
    new_axis = []
    for a in axis:
        new_axis.append(a + 1 if a >= bd else a)
    out_bd = bd
    for a in axis:
        if a < bd:
            out_bd -= 1
    return custom_reduce_sum_p.bind(x, axis=tuple(new_axis)), out_bd


ad.primitive_jvps[custom_reduce_sum_p] = sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = sum_batch
