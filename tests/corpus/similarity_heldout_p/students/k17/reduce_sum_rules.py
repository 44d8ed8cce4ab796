# Step 1: JVP (the sum is linear, so the tangent is summed the same way).
def jvp_rule(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero.from_primal_value(y)
    return y, custom_reduce_sum_p.bind(t, axis=axis)


# Step 2: transpose (re-insert the summed axes and broadcast).
def transpose_rule(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


# Step 3: batching (batch axis to the front, summed axes shift by one).
def batch_rule(args, dims, *, axis):
    x, = args
    bd, = dims
    x = jnp.transpose(x, [bd] + [i for i in range(x.ndim) if i != bd])
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


# Step 4: register the three rules.
ad.primitive_jvps[custom_reduce_sum_p] = jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = batch_rule
