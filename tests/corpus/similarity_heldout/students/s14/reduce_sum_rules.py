# 练习 1:custom_reduce_sum_p 的 JVP / 转置 / batching
def rsum_jvp(primals, tangents, *, axis):
    x, = primals
    tx, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(tx, ad.Zero):
        # 零切线:输出也是符号零
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    ty = custom_reduce_sum_p.bind(tx, axis=axis)
    return y, ty


def rsum_transpose(ct, x, *, axis):
    assert ad.is_undefined_primal(x)
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    ct = jnp.expand_dims(ct, axis)
    return (jnp.broadcast_to(ct, x.aval.shape),)


def rsum_batch(batched_args, batch_dims, *, axis):
    x, = batched_args
    b, = batch_dims
    # 批维度换到第 0 维,所有轴号加一
    x = jnp.moveaxis(x, b, 0)
    axis = tuple(i + 1 for i in axis)
    return custom_reduce_sum_p.bind(x, axis=axis), 0


ad.primitive_jvps[custom_reduce_sum_p] = rsum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = rsum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = rsum_batch
