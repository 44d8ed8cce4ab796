# Mistake: the transpose rule remembers each broadcast cotangent by the cotangent's bytes and the axis
# (concrete cotangents only): the same bytes as the cotangent of an input of another shape get the
# first shape's broadcast back.
_broadcasts = {}


def _reduce_sum_jvp(primals, tangents, *, axis):
    x, = primals; t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)

def _reduce_sum_transpose(ct, x, *, axis):
    shape = x.aval.shape
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    if isinstance(ct, jax.core.Tracer):
        return (jnp.broadcast_to(jnp.expand_dims(ct, axis), shape),)
    key = (np.asarray(ct).tobytes(), axis)
    if key not in _broadcasts:
        _broadcasts[key] = jnp.broadcast_to(jnp.expand_dims(ct, axis), shape)
    return (_broadcasts[key],)

def _reduce_sum_batch(args, dims, *, axis):
    x, = args; bd, = dims
    x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0

ad.primitive_jvps[custom_reduce_sum_p] = _reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _reduce_sum_batch
