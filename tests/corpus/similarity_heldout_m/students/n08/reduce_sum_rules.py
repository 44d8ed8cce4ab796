# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def jvp_规则(primals, tangents, *, axis):
    x, t = primals[0], tangents[0]
    y = custom_reduce_sum_p.bind(x, axis=axis)
    # 零切向量直接返回零
    ty = ad.Zero.from_primal_value(y) if type(t) is ad.Zero else custom_reduce_sum_p.bind(t, axis=axis)
    return y, ty


def 转置_规则(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return [ad.Zero(x.aval)]
    # 逐个插回被求和的轴(axis 已排好序)
    for a in axis:
        ct = jnp.expand_dims(ct, a)
    return [jnp.broadcast_to(ct, x.aval.shape)]


def batch_规则(args, dims, *, axis):
    x, bd = args[0], dims[0]
    新轴 = [a if a < bd else a + 1 for a in axis]
    out_bd = bd - len([a for a in axis if a < bd])
    return custom_reduce_sum_p.bind(x, axis=tuple(新轴)), out_bd


ad.primitive_jvps[custom_reduce_sum_p] = jvp_规则
ad.primitive_transposes[custom_reduce_sum_p] = 转置_规则
batching.primitive_batchers[custom_reduce_sum_p] = batch_规则
