# Rules for custom_reduce_sum_p.


def _sum_jvp(primals, tangents, *, axis):
    '''d(sum x) = sum dx.'''
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _sum_transpose(ct, x, *, axis):
    '''Broadcast the cotangent back to the input shape.'''
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(ct, x.aval.shape),)


def _sum_batch(batched_args, batch_dims, *, axis):
    '''Move the batch dimension to 0 and shift every summed axis by one.'''
    x, = batched_args
    bd, = batch_dims
    x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _sum_batch
