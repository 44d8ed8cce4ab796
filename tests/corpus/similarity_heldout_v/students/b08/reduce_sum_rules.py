def jvp_reduce_sum(tup_primals, tup_tangents, *, axis):
    arr_x, = tup_primals
    arr_t, = tup_tangents
    arr_y = custom_reduce_sum_p.bind(arr_x, axis=axis)
    if type(arr_t) is ad.Zero:
        return arr_y, ad.Zero(jax.typeof(arr_y).to_tangent_aval())
    return arr_y, custom_reduce_sum_p.bind(arr_t, axis=axis)


def transpose_reduce_sum(arr_ct, undef_x, *, axis):
    if type(arr_ct) is ad.Zero:
        return (ad.Zero(undef_x.aval),)
    tup_shape = undef_x.aval.shape
    return (jnp.broadcast_to(jnp.expand_dims(arr_ct, axis), tup_shape),)


def batch_reduce_sum(lst_args, lst_dims, *, axis):
    arr_x, = lst_args
    i_bd, = lst_dims
    arr_x = jnp.moveaxis(arr_x, i_bd, 0)
    tup_axis = tuple(i_a + 1 for i_a in axis)
    return custom_reduce_sum_p.bind(arr_x, axis=tup_axis), 0


ad.primitive_jvps[custom_reduce_sum_p] = jvp_reduce_sum
ad.primitive_transposes[custom_reduce_sum_p] = transpose_reduce_sum
batching.primitive_batchers[custom_reduce_sum_p] = batch_reduce_sum
