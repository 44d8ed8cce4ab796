def _jvp(primals, tangents, *, axis):
    y = custom_reduce_sum_p.bind(primals[0], axis=axis)
    t = tangents[0]
    return y, (ad.Zero(jax.typeof(y).to_tangent_aval()) if type(t) is ad.Zero
               else custom_reduce_sum_p.bind(t, axis=axis))


def _transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    keepShape = tuple(1 if i in axis else d for i, d in enumerate(x.aval.shape))
    return (jnp.broadcast_to(jnp.reshape(ct, keepShape), x.aval.shape),)


def _batch(args, dims, *, axis):
    return custom_reduce_sum_p.bind(jnp.moveaxis(args[0], dims[0], 0), axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
