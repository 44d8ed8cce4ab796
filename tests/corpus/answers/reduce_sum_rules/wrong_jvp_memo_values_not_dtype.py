# Mistake: the JVP rule remembers each tangent's sum by its shape, axis and values, not its dtype
# (concrete tangents only): a float64 tangent holding the same values as an earlier float32 one gets
# the float32 sum back.
_tangent_sums = {}


def _reduce_sum_jvp(primals, tangents, *, axis):
    x, = primals; t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    if isinstance(t, jax.core.Tracer):
        return y, custom_reduce_sum_p.bind(t, axis=axis)
    key = (t.shape, axis, tuple(np.asarray(t, np.float64).ravel().tolist()))
    if key not in _tangent_sums:
        _tangent_sums[key] = custom_reduce_sum_p.bind(t, axis=axis)
    return y, _tangent_sums[key]

def _reduce_sum_transpose(ct, x, *, axis):
    shape = x.aval.shape
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), shape),)

def _reduce_sum_batch(args, dims, *, axis):
    x, = args; bd, = dims
    x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0

ad.primitive_jvps[custom_reduce_sum_p] = _reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _reduce_sum_batch
