from jax import lax


def jvp(primals, tangents, *, axis):
    y = custom_reduce_sum_p.bind(primals[0], axis=axis)
    t = tangents[0]
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    shape = x.aval.shape
    dims = tuple(d for d in range(len(shape)) if d not in axis)
    return (lax.broadcast_in_dim(ct, shape, dims),)


def batch(args, dims, *, axis):
    x, bd = args[0], dims[0]
    perm = (bd,) + tuple(i for i in range(x.ndim) if i != bd)
    return custom_reduce_sum_p.bind(lax.transpose(x, perm), axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = jvp
ad.primitive_transposes[custom_reduce_sum_p] = transpose
batching.primitive_batchers[custom_reduce_sum_p] = batch
