def jvp(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    t = ad.instantiate_zeros(t)
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    shape = x.aval.shape
    kept = [1 if i in axis else n for i, n in enumerate(shape)]
    return (ct.reshape(kept) * jnp.ones(shape, ct.dtype),)


def batch(args, dims, *, axis):
    (x,), (b,) = args, dims
    ax = tuple(a + (a >= b) for a in axis)
    out = b - sum(1 for a in ax if a < b)
    return custom_reduce_sum_p.bind(x, axis=ax), out


ad.primitive_jvps[custom_reduce_sum_p] = jvp
ad.primitive_transposes[custom_reduce_sum_p] = transpose
batching.primitive_batchers[custom_reduce_sum_p] = batch
