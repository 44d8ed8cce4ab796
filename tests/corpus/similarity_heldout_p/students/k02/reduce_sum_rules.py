# JVP 规则:求和是线性的,切向量也做同样的求和
def reduce_sum_jvp_rule(primals, tangents, *, axis):
    x, = primals
    tangent, = tangents
    result = custom_reduce_sum_p.bind(x, axis=axis)
    if type(tangent) is ad.Zero:
        return result, ad.Zero.from_primal_value(result)
    return result, custom_reduce_sum_p.bind(tangent, axis=axis)


# 转置规则:沿被求和的维把余切向量复制回去
def reduce_sum_transpose_rule(cotangent, x, *, axis):
    if type(cotangent) is ad.Zero:
        return (ad.Zero(x.aval),)
    input_shape = x.aval.shape
    kept_dimensions = tuple(i for i in range(len(input_shape)) if i not in axis)
    return (jax.lax.broadcast_in_dim(cotangent, input_shape, kept_dimensions),)


# batching 规则:batch 维挪到第 0 维,求和的轴整体加一
def reduce_sum_batching_rule(batched_args, batch_dims, *, axis):
    x, = batched_args
    batch_dim, = batch_dims
    x = jnp.moveaxis(x, batch_dim, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(i + 1 for i in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batching_rule
