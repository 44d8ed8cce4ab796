# JVP:求和是线性的,切向量也求和
def jvp_rule(primals, tangents, *, axis):
    x, = primals
    x_dot, = tangents
    primal_out = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(x_dot, ad.Zero):
        tangent_out = ad.Zero(jax.typeof(primal_out).to_tangent_aval())
    else:
        tangent_out = custom_reduce_sum_p.bind(x_dot, axis=axis)
    return primal_out, tangent_out


# 转置:把被求和掉的轴补回来,再广播回输入的形状
def transpose_rule(cotangent, x, *, axis):
    assert ad.is_undefined_primal(x)
    if isinstance(cotangent, ad.Zero):
        return (ad.Zero(x.aval),)
    expanded = cotangent
    for a in axis:  # axis 已经排好序,从小到大插入
        expanded = jnp.expand_dims(expanded, a)
    return (jnp.broadcast_to(expanded, x.aval.shape),)


# batching:把 batch 轴挪到最前面,被求和的轴都加 1
def batching_rule(batched_args, batch_dims, *, axis):
    x, = batched_args
    batch_dim, = batch_dims
    x = jnp.moveaxis(x, batch_dim, 0)
    shifted_axis = tuple(a + 1 for a in axis)
    return custom_reduce_sum_p.bind(x, axis=shifted_axis), 0


ad.primitive_jvps[custom_reduce_sum_p] = jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = batching_rule
