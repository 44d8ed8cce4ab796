# 在这里为 custom_reduce_sum_p 注册三条规则:
# Step 1: JVP -- sum is linear, the tangent goes through the same primitive
def reduce_sum_jvp(primals, tangents, *, axis):
    (x,) = primals
    (t,) = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        t_out = ad.Zero(jax.typeof(y).to_tangent_aval())
    else:
        t_out = custom_reduce_sum_p.bind(t, axis=axis)
    return y, t_out


# Step 2: transpose -- put the summed axes back as size 1, then broadcast
def reduce_sum_transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    expanded = jnp.expand_dims(ct, axis)
    return (jnp.broadcast_to(expanded, x.aval.shape),)


# Step 3: batching -- move the batch axis to the end; the sample axes keep their numbers
def reduce_sum_batch(batched_args, batch_dims, *, axis):
    (x,) = batched_args
    (bd,) = batch_dims
    x_last = jnp.moveaxis(x, bd, -1)
    out = custom_reduce_sum_p.bind(x_last, axis=axis)
    return out, out.ndim - 1


# Step 4: register
ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batch
