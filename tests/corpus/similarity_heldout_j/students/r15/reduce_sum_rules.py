# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def 求和jvp(primals: tuple, tangents: tuple, *, axis: tuple[int, ...]):
    (x,), (dx,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    # 符号零切线:直接返回零
    dy = (ad.Zero(jax.typeof(y).to_tangent_aval()) if type(dx) is ad.Zero
          else custom_reduce_sum_p.bind(dx, axis=axis))
    return y, dy


def 求和转置(ct, x, *, axis: tuple[int, ...]):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    # 余切乘一个全 1 的数组,相当于广播
    展开 = jnp.expand_dims(ct, axis)
    return (展开 * jnp.ones(x.aval.shape, dtype=ct.dtype),)


def _移轴(axis, bd):
    # 批维度留在原地,轴号 >= bd 的都加 1
    return tuple(a + (a >= bd) for a in axis)


def _输出批维(axis, bd):
    return bd - len([a for a in axis if a < bd])


def 求和批处理(args: tuple, dims: tuple, *, axis: tuple[int, ...]):
    (x,), (bd,) = args, dims
    return custom_reduce_sum_p.bind(x, axis=_移轴(axis, bd)), _输出批维(axis, bd)


ad.primitive_jvps[custom_reduce_sum_p] = 求和jvp
ad.primitive_transposes[custom_reduce_sum_p] = 求和转置
batching.primitive_batchers[custom_reduce_sum_p] = 求和批处理
