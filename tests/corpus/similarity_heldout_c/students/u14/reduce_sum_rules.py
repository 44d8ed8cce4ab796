from jax import lax


def _sum_jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    out = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(t, ad.Zero):
        return out, ad.Zero(jax.typeof(out).to_tangent_aval())
    return out, custom_reduce_sum_p.bind(t, axis=axis)


def _sum_transpose(ct, x, *, axis):
    shape = x.aval.shape
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    kept = [i for i in range(len(shape)) if i not in axis]
    # transpose: re-insert the summed axes, then broadcast
    return (lax.broadcast_in_dim(ct, shape, kept),)


def _sum_batch(args, dims, *, axis):
    x, = args
    bd, = dims
    # axes at or after the batch axis shift by one
    new_axis = tuple(a + 1 if a >= bd else a for a in axis)
    out_bd = bd - sum(1 for a in axis if a < bd)
    return custom_reduce_sum_p.bind(x, axis=new_axis), out_bd


ad.primitive_jvps[custom_reduce_sum_p] = _sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _sum_batch
