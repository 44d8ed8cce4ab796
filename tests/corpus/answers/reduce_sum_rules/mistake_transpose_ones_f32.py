# Wrong on bfloat16 inputs (class dtype.bfloat16): the transpose rule spreads the cotangent by
# multiplying with jnp.ones(shape), whose default dtype is float32 (float64 under x64), so a
# bfloat16 cotangent comes back as float32. Right on float32 and on float64 under x64.
def jvp_rule(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    return custom_reduce_sum_p.bind(x, axis=axis), custom_reduce_sum_p.bind(ad.instantiate_zeros(t), axis=axis)


def transpose_rule(ct, x, *, axis):
    ct = ad.instantiate_zeros(ct)
    return (jnp.ones(x.aval.shape) * jnp.expand_dims(ct, axis),)


def batch_rule(args, dims, *, axis):
    (x,), (bd,) = args, dims
    return custom_reduce_sum_p.bind(jnp.moveaxis(x, bd, 0), axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = batch_rule
