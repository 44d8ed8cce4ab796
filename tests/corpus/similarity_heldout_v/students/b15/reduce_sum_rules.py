def _rs_jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:  # symbolic zero tangent
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)  # linear: same op on the tangent


def _rs_transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)  # 1s at summed axes, then broadcast


def _rs_batch(args, dims, *, axis):
    x, = args
    bd, = dims
    full_axis = tuple(a + 1 if a > bd else a for a in axis)  # sample axes after the batch axis move up
    out = custom_reduce_sum_p.bind(x, axis=full_axis)
    out_bd = bd - sum(a < bd for a in full_axis)  # summed axes before bd disappear
    return out, out_bd  # TODO: check nested vmap


ad.primitive_jvps[custom_reduce_sum_p] = _rs_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _rs_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _rs_batch
