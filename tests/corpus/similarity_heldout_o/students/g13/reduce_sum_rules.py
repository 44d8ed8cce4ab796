def custom_sum_jvp(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is not ad.Zero:
        return y, custom_reduce_sum_p.bind(t, axis=axis)
    else:
        return y, ad.Zero.from_primal_value(y)


def custom_sum_transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    else:
        ct_expanded = jnp.expand_dims(ct, axis)
        ct_x = jnp.broadcast_to(ct_expanded, x.aval.shape)
        return (ct_x,)


def custom_sum_batch(args, dims, *, axis):
    (x,), (bd,) = args, dims
    if bd is not None:
        x = jnp.moveaxis(x, bd, 0)
    else:
        x = jnp.expand_dims(x, 0)
    shifted_axis = tuple(a + 1 for a in axis)
    return custom_reduce_sum_p.bind(x, axis=shifted_axis), 0


ad.primitive_jvps[custom_reduce_sum_p] = custom_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = custom_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = custom_sum_batch
