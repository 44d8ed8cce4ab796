# 在这里为 custom_reduce_sum_p 注册三条规则:
# forward-mode rule: the primitive is linear, so the tangent is summed the same way
def my_jvp(primals, tangents, *, axis):
    (arr,) = primals
    (tan,) = tangents
    res = custom_reduce_sum_p.bind(arr, axis=axis)
    if type(tan) is ad.Zero:
        tan_out = ad.Zero(jax.typeof(res).to_tangent_aval())
    else:
        tan_out = custom_reduce_sum_p.bind(tan, axis=axis)
    return res, tan_out


# transpose: cotangent gets size-1 axes where we summed, then is broadcast to the input shape
def my_transpose(cot, arr, *, axis):
    if type(cot) is ad.Zero:
        return (ad.Zero(arr.aval),)
    cot_kept = jnp.expand_dims(cot, axis)
    return (jnp.broadcast_to(cot_kept, arr.aval.shape),)


# vmap: batch axis goes last, so the per-example axis numbers stay valid
def my_batch(batched_args, batch_dims, *, axis):
    (arr,) = batched_args
    (bdim,) = batch_dims
    arr_last = jnp.moveaxis(arr, bdim, -1)
    res = custom_reduce_sum_p.bind(arr_last, axis=axis)
    return res, res.ndim - 1


ad.primitive_jvps[custom_reduce_sum_p] = my_jvp
ad.primitive_transposes[custom_reduce_sum_p] = my_transpose
batching.primitive_batchers[custom_reduce_sum_p] = my_batch
