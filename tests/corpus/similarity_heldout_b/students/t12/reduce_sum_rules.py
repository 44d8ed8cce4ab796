from jax import lax

def _crs_jvp(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    # symbolic zero tangent
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _crs_transpose(cotangent, operand, *, axis):
    assert ad.is_undefined_primal(operand)
    if type(cotangent) is ad.Zero:
        return (ad.Zero(operand.aval),)
    keep = tuple(i for i in range(len(operand.aval.shape)) if i not in axis)
    # kept input axes map onto the output axes
    return (lax.broadcast_in_dim(cotangent, operand.aval.shape, keep),)


def _crs_batch(args, dims, *, axis):
    x, = args
    b, = dims
    new_axis = tuple(a if a < b else a + 1 for a in axis)
    # summed axes before the batch axis move it left
    out_dim = b - sum(1 for a in new_axis if a < b)
    return custom_reduce_sum_p.bind(x, axis=new_axis), out_dim


ad.primitive_jvps[custom_reduce_sum_p] = _crs_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _crs_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _crs_batch
