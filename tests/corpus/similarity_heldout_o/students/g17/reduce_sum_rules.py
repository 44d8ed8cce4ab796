def custom_sum_jvp(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is not ad.Zero:
        t_out = custom_reduce_sum_p.bind(t, axis=axis)
    else:
        t_out = ad.Zero.from_primal_value(y)
    return y, t_out


def custom_sum_transpose(ct, x, *, axis):
    if type(ct) is not ad.Zero:
        ct_x = jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape)
    else:
        ct_x = ad.Zero(x.aval)
    return (ct_x,)


def custom_sum_batch(args, dims, *, axis):
    (x,), (bd,) = args, dims
    if bd is not None:
        x = jnp.moveaxis(x, bd, 0)
    else:
        x = jnp.expand_dims(x, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = custom_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = custom_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = custom_sum_batch
