# Wrong on an axis of length 1 that the sum keeps (class shape.axis_length_1): the JVP sums the
# tangent with keepdims and then squeezes, which also drops a kept axis of length 1, so the tangent
# has the wrong shape there. Right on every shape without a length-1 axis.
def rsum_jvp(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, jnp.squeeze(jnp.sum(t, axis=axis, keepdims=True))


def rsum_transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def rsum_batch(args, dims, *, axis):
    (x,), (bd,) = args, dims
    return custom_reduce_sum_p.bind(jnp.moveaxis(x, bd, 0), axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = rsum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = rsum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = rsum_batch
