# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
求和 = lambda x, 轴: custom_reduce_sum_p.bind(x, axis=轴)
ad.primitive_jvps[custom_reduce_sum_p] = lambda 原, 切, *, axis: (
    求和(原[0], axis),
    ad.Zero.from_primal_value(求和(原[0], axis)) if type(切[0]) is ad.Zero else 求和(切[0], axis))
ad.primitive_transposes[custom_reduce_sum_p] = lambda ct, x, *, axis: (
    ad.Zero(x.aval) if type(ct) is ad.Zero else jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)
batching.primitive_batchers[custom_reduce_sum_p] = lambda 参, 维, *, axis: (
    求和(jnp.moveaxis(参[0], 维[0], 0), tuple(a + 1 for a in axis)), 0)
