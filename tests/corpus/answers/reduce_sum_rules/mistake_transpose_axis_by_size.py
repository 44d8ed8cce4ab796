# Wrong on repeated dimension sizes (class shape.repeated_dims): the transpose rule finds the summed
# axes by matching the cotangent's sizes against the input's, left to right; with two equal sizes
# it re-inserts the wrong one. Right whenever all sizes differ.
def jvp_rule(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    return custom_reduce_sum_p.bind(x, axis=axis), custom_reduce_sum_p.bind(ad.instantiate_zeros(t), axis=axis)


def transpose_rule(ct, x, *, axis):
    ct = ad.instantiate_zeros(ct)
    shape = x.aval.shape
    kept, pos, summed = ct.shape, 0, []
    for i, d in enumerate(shape):
        if pos < len(kept) and d == kept[pos]:
            pos += 1
        else:
            summed.append(i)
    return (jnp.broadcast_to(jnp.expand_dims(ct, tuple(summed)), shape),)


def batch_rule(args, dims, *, axis):
    (x,), (bd,) = args, dims
    return custom_reduce_sum_p.bind(jnp.moveaxis(x, bd, 0), axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = batch_rule
