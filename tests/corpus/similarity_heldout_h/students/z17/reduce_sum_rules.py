# Register JVP, transpose and batching rules on custom_reduce_sum_p.


def sum_jvp(primals, tangents, *, axis):
    # linear: the tangent is summed the same way
    [x], [t] = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    t_out = ad.Zero(jax.typeof(y).to_tangent_aval()) if type(t) is ad.Zero else custom_reduce_sum_p.bind(t, axis=axis)
    return y, t_out


def sum_transpose(ct, x, *, axis):
    # broadcast the cotangent back with size-1 axes at the summed positions
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    shape = x.aval.shape
    kept = [n if i not in axis else 1 for i, n in enumerate(shape)]
    return (jnp.broadcast_to(ct.reshape(kept), shape),)


def sum_batch(batched_args, batch_dims, *, axis):
    # batch axis to the front, every per-example axis one further
    [x], [bd] = batched_args, batch_dims
    return custom_reduce_sum_p.bind(jnp.moveaxis(x, bd, 0), axis=tuple([a + 1 for a in axis])), 0


ad.primitive_jvps[custom_reduce_sum_p] = sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = sum_batch
