# jvp / transpose / batch for custom_reduce_sum_p
def jvp_sum(primals, tangents, *, axis):
    y = custom_reduce_sum_p.bind(*primals, axis=axis)
    t = tangents[0]
    return y, (ad.Zero(jax.typeof(y).to_tangent_aval()) if type(t) is ad.Zero else custom_reduce_sum_p.bind(t, axis=axis))


def transpose_sum(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    # re-insert summed dims, smallest first
    k = 0
    while k < len(axis):
        ct = jnp.expand_dims(ct, axis[k])
        k += 1
    return (jnp.broadcast_to(ct, x.aval.shape),)


def batch_sum(args, dims, *, axis):
    x, bd = args[0], dims[0]
    ax = tuple(a if a < bd else a + 1 for a in axis)
    return custom_reduce_sum_p.bind(x, axis=ax), bd - sum(a < bd for a in axis)


ad.primitive_jvps[custom_reduce_sum_p] = jvp_sum
ad.primitive_transposes[custom_reduce_sum_p] = transpose_sum
batching.primitive_batchers[custom_reduce_sum_p] = batch_sum
