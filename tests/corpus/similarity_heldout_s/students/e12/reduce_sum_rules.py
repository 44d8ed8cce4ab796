# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def _jvp(primals, tangents, *, axis):
    # 原语只有一个操作数
    (x,) = primals
    (t,) = tangents
    # 原输出
    y = custom_reduce_sum_p.bind(x, axis=axis)
    # 切线是符号零时,输出切线也是符号零
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    # 求和是线性的:切线也求和
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _transpose(ct, x, *, axis):
    # 余切是符号零:直接返回输入形状的零
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    # 在被求和的位置插回长度为 1 的轴,再广播回输入形状
    ct = jnp.expand_dims(ct, axis)
    return (jnp.broadcast_to(ct, x.aval.shape),)


def _batch(args, dims, *, axis):
    (x,) = args
    (bd,) = dims
    new_axis = []
    for a in axis:
        # 批维度插在第 bd 维,所以 >= bd 的轴号都要加 1
        if a >= bd:
            new_axis.append(a + 1)
        else:
            new_axis.append(a)
    # 输出里批维度前面少了几个被求和的轴
    out_bd = bd - len([a for a in axis if a < bd])
    return custom_reduce_sum_p.bind(x, axis=tuple(new_axis)), out_bd


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
