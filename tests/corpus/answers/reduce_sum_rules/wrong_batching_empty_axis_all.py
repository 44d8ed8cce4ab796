# Mistake: the batching rule reads an empty `axis` the way `axis or None` does, as "every example
# axis". Right for every non-empty axis; with axis=() the sum over no axis is the example itself.
def _reduce_sum_jvp(primals, tangents, *, axis):
    x, = primals; t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)

def _reduce_sum_transpose(ct, x, *, axis):
    assert ad.is_undefined_primal(x)
    shape = x.aval.shape
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), shape),)

def _reduce_sum_batch(args, dims, *, axis):
    x, = args; bd, = dims
    x = jnp.moveaxis(x, bd, 0)
    new_axis = tuple(a + 1 for a in axis) if axis else tuple(range(1, x.ndim))
    return custom_reduce_sum_p.bind(x, axis=new_axis), 0

ad.primitive_jvps[custom_reduce_sum_p] = _reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _reduce_sum_batch
