# 在这里为 custom_reduce_sum_p 注册三条规则:
def 切线规则(原始, 切线, *, axis):
    甲, = 原始
    乙, = 切线
    和 = custom_reduce_sum_p.bind(甲, axis=axis)
    if isinstance(乙, ad.Zero):
        return 和, ad.Zero(jax.typeof(和).to_tangent_aval())
    return 和, custom_reduce_sum_p.bind(乙, axis=axis)


def 转置规则(余切, 甲, *, axis):
    if isinstance(余切, ad.Zero):
        return (ad.Zero(甲.aval),)
    形状 = 甲.aval.shape
    保留维 = list(形状)
    for 轴 in axis:
        保留维[轴] = 1
    return (jnp.broadcast_to(余切.reshape(保留维), 形状),)


def 批处理规则(参数, 批维, *, axis):
    甲, = 参数
    维, = 批维
    # 批维度保持原位,后面的轴号都要加一
    新轴 = []
    for 轴 in axis:
        新轴.append(轴 + 1 if 轴 >= 维 else 轴)
    输出维 = 维 - len([轴 for 轴 in axis if 轴 < 维])
    return custom_reduce_sum_p.bind(甲, axis=tuple(新轴)), 输出维


ad.primitive_jvps[custom_reduce_sum_p] = 切线规则
ad.primitive_transposes[custom_reduce_sum_p] = 转置规则
batching.primitive_batchers[custom_reduce_sum_p] = 批处理规则
