# JVP 规则
def rs_jvp(primals, tangents, *, axis):
    x = primals[0]
    t = tangents[0]
    out = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(t, ad.Zero):
        t_out = ad.Zero(jax.typeof(out).to_tangent_aval())
    else:
        t_out = custom_reduce_sum_p.bind(t, axis=axis)
    return out, t_out


# 转置规则:ct 的形状是求和之后的形状
def rs_transpose(ct, x, *, axis):
    assert ad.is_undefined_primal(x)
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    expanded = jnp.expand_dims(ct, axis)
    return (jnp.broadcast_to(expanded, x.aval.shape),)


# batching 规则:批维度放到最前面
def rs_batch(batched_args, batch_dims, *, axis):
    x = jnp.moveaxis(batched_args[0], batch_dims[0], 0)
    return custom_reduce_sum_p.bind(x, axis=axis), 0


ad.primitive_jvps[custom_reduce_sum_p] = rs_jvp
ad.primitive_transposes[custom_reduce_sum_p] = rs_transpose
batching.primitive_batchers[custom_reduce_sum_p] = rs_batch
