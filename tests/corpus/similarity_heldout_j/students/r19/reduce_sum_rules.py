# JVP: the sum of the tangent, zero stays a symbolic zero
def sum_jvp(primals, tangents, *, axis):
    (x,), (tx,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    ty = ad.Zero(jax.typeof(y).to_tangent_aval()) if type(tx) is ad.Zero else custom_reduce_sum_p.bind(tx, axis=axis)
    return y, ty


# transpose: broadcast the cotangent back
def sum_transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


# batching: batch axis to the front via .transpose with a permutation
def sum_batch(args, dims, *, axis):
    (x,), (bd,) = args, dims
    perm = [bd, *[i for i in range(x.ndim) if i != bd]]
    shifted = tuple(a + 1 for a in axis)
    return custom_reduce_sum_p.bind(x.transpose(perm), axis=shifted), 0


ad.primitive_jvps[custom_reduce_sum_p] = sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = sum_batch
