# ---- JVP:求和是线性的,切线也走本原语 ----
def reduce_sum_jvp(primals, tangents, *, axis):
    (x,) = primals
    (x_dot,) = tangents
    primal_out = custom_reduce_sum_p.bind(x, axis=axis)
    if type(x_dot) is ad.Zero:
        return primal_out, ad.Zero(jax.typeof(primal_out).to_tangent_aval())
    return primal_out, custom_reduce_sum_p.bind(x_dot, axis=axis)


# ---- 转置:余切在被求和的轴上插入长度 1 的轴,再广播回输入形状 ----
def reduce_sum_transpose(ct, operand, *, axis):
    assert ad.is_undefined_primal(operand)
    in_shape = operand.aval.shape
    if type(ct) is ad.Zero:
        return (ad.Zero(operand.aval),)
    ct_expanded = jnp.expand_dims(ct, axis)
    return (jnp.broadcast_to(ct_expanded, in_shape),)


# ---- batching:批维度挪到 0,轴号全部 +1 ----
def reduce_sum_batch(batched_args, batch_dims, *, axis):
    (x,) = batched_args
    (bd,) = batch_dims
    x0 = jnp.moveaxis(x, bd, 0)
    axis0 = tuple(a + 1 for a in axis)
    return custom_reduce_sum_p.bind(x0, axis=axis0), 0


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batch
