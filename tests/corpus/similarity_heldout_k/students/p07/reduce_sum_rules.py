# 在这里为 custom_reduce_sum_p 注册三条规则:
# Step 1: JVP. The sum is linear, so the tangent goes through the same primitive.
def reduce_sum_jvp_rule(primals, tangents, *, axis):
    x, = primals
    x_dot, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(x_dot) is ad.Zero:
        y_dot = ad.Zero(jax.typeof(y).to_tangent_aval())
    else:
        y_dot = custom_reduce_sum_p.bind(x_dot, axis=axis)
    return y, y_dot


# Step 2: transpose. Insert unit axes at `axis`, then broadcast to the input shape.
def reduce_sum_transpose_rule(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    ct_keepdims = ct
    for a in axis:  # axis is sorted, so each insertion lands in place
        ct_keepdims = jnp.expand_dims(ct_keepdims, a)
    return (jnp.broadcast_to(ct_keepdims, x.aval.shape),)


# Step 3: batching. Batch dimension to 0, every sample axis + 1, output batch dim 0.
def reduce_sum_batch_rule(batched_args, batch_dims, *, axis):
    x, = batched_args
    bd, = batch_dims
    x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


# Step 4: register.
ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batch_rule
