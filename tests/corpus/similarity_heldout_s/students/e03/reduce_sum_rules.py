def _rs_jvp(primals, tangents, *, axis):
    y = custom_reduce_sum_p.bind(primals[0], axis=axis)
    if isinstance(t := tangents[0], ad.Zero):
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _rs_transpose(ct, x, *, axis):
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    full = x.aval.shape
    return (jnp.broadcast_to(jnp.reshape(ct, [1 if i in axis else n for i, n in enumerate(full)]), full),)


def _rs_batch(args, dims, *, axis):
    (x,), (bd,) = args, dims
    shifted = tuple(a + 1 if a >= bd else a for a in axis)
    return custom_reduce_sum_p.bind(x, axis=shifted), bd - (removed := sum(a < bd for a in shifted))


ad.primitive_jvps[custom_reduce_sum_p] = _rs_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _rs_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _rs_batch
