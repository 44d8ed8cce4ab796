# Correct, written differently: the transpose reshapes the cotangent to the keepdims shape and
# broadcasts; the batching rule moves the batch dimension last and leaves the summed axes alone.
def jvp_rule(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def transpose_rule(ct, x, *, axis):
    shape = x.aval.shape
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    keep = tuple(1 if i in axis else d for i, d in enumerate(shape))
    return (jnp.broadcast_to(jnp.reshape(ct, keep), shape),)


def batch_rule(args, dims, *, axis):
    (x,), (bd,) = args, dims
    x = jnp.moveaxis(x, bd, -1)
    out = custom_reduce_sum_p.bind(x, axis=axis)
    return out, out.ndim - 1


ad.primitive_jvps[custom_reduce_sum_p] = jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = batch_rule
