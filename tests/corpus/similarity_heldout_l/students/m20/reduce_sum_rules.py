from jax import lax

p = custom_reduce_sum_p


def jvp(primals, tangents, *, axis):
    y = p.bind(primals[0], axis=axis)
    t = tangents[0]
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, p.bind(t, axis=axis)


def transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    nd = len(x.aval.shape)
    return (lax.broadcast_in_dim(ct, x.aval.shape, tuple(d for d in range(nd) if d not in axis)),)


def batch(args, dims, *, axis):
    bd = dims[0]
    # batch axis stays at bd
    return p.bind(args[0], axis=tuple(a + (a >= bd) for a in axis)), bd - sum(a < bd for a in axis)


ad.primitive_jvps[p] = jvp
ad.primitive_transposes[p] = transpose
batching.primitive_batchers[p] = batch
