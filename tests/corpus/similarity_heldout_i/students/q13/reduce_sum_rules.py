from jax import lax


def _jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero.from_primal_value(y)
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    shape = x.aval.shape
    keep = tuple(i for i in range(len(shape)) if i not in axis)
    return (lax.broadcast_in_dim(ct, shape, keep),)


def _batch(args, dims, *, axis):
    x, = args
    bd, = dims
    perm = (bd,) + tuple(i for i in range(x.ndim) if i != bd)
    x = lax.transpose(x, perm)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
