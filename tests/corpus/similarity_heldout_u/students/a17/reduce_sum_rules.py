def jvp(primals, tangents, *, axis):
    y = custom_reduce_sum_p.bind(primals[0], axis=axis)
    outs = [ad.Zero(jax.typeof(y).to_tangent_aval()) if type(t) is ad.Zero
            else custom_reduce_sum_p.bind(t, axis=axis) for t in tangents]
    return y, outs[0]


def transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    keep = {i: (1 if i in set(axis) else n) for i, n in enumerate(x.aval.shape)}
    return (jnp.broadcast_to(ct.reshape([keep[i] for i in sorted(keep)]), x.aval.shape),)


def batch(args, dims, *, axis):
    bd = dims[0]
    order = [bd] + [i for i in range(args[0].ndim) if i != bd]
    x = jnp.transpose(args[0], order)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = jvp
ad.primitive_transposes[custom_reduce_sum_p] = transpose
batching.primitive_batchers[custom_reduce_sum_p] = batch
