def _jvp(primals, tangents, *, axis):
    (y,) = [custom_reduce_sum_p.bind(p, axis=axis) for p in primals]
    (dy,) = [ad.Zero(jax.typeof(y).to_tangent_aval()) if type(t) is ad.Zero
             else custom_reduce_sum_p.bind(t, axis=axis) for t in tangents]
    return y, dy


def _transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    index = tuple(None if i in axis else slice(None) for i in range(len(x.aval.shape)))
    return (jnp.broadcast_to(ct[index], x.aval.shape),)


def _batch(args, dims, *, axis):
    (x,), (bd,) = args, dims
    perm = [bd, *[i for i in range(x.ndim) if i != bd]]
    return custom_reduce_sum_p.bind(jnp.transpose(x, perm), axis=tuple([a + 1 for a in axis])), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
