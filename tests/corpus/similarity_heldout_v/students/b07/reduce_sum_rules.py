def _jvp_rule(primals, tangents, *, axis):
    x = primals[0]
    t = tangents[0]
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _transpose_rule(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    shape = x.aval.shape
    keep = list(shape)
    for i in range(len(axis)):
        keep[axis[i]] = 1
    return (jnp.broadcast_to(ct.reshape(keep), shape),)


def _batch_rule(batched_args, batch_dims, *, axis):
    x = batched_args[0]
    bd = batch_dims[0]
    x = jnp.moveaxis(x, bd, 0)
    new_axis = []
    for i in range(len(axis)):
        new_axis.append(axis[i] + 1)
    return custom_reduce_sum_p.bind(x, axis=tuple(new_axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = _transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = _batch_rule
