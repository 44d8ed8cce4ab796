# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>

# Rule 1: JVP (instantiate zeros so the tangent is always an array)
def jvp_rule(primals, tangents, *, axis):
    x, = primals
    t = ad.instantiate_zeros(tangents[0])
    return custom_reduce_sum_p.bind(x, axis=axis), custom_reduce_sum_p.bind(t, axis=axis)


# Rule 2: transpose (expand the summed axes one by one, then broadcast)
def transpose_rule(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    out = ct
    for a in axis:
        out = jnp.expand_dims(out, a)
    return (jnp.broadcast_to(out, x.aval.shape),)


# Rule 3: batching (batch axis to 0, shift every axis by one)
def batch_rule(vals, dims, *, axis):
    x = jnp.moveaxis(vals[0], dims[0], 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


# Step 4: register
ad.primitive_jvps[custom_reduce_sum_p] = jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = batch_rule
