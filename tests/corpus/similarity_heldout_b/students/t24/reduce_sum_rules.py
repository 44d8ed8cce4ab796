from jax import lax

prim = custom_reduce_sum_p


def sum_jvp(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    y = prim.bind(x, axis=axis)
    # 零切线
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, prim.bind(t, axis=axis)


def sum_transpose(cotangent, operand, *, axis):
    assert ad.is_undefined_primal(operand)
    if type(cotangent) is ad.Zero:
        return (ad.Zero(operand.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(cotangent, axis), operand.aval.shape),)


def sum_batch(batched_args, batch_dims, *, axis):
    (x,), (bd,) = batched_args, batch_dims
    perm = [bd] + [i for i in range(x.ndim) if i != bd]
    x = lax.transpose(x, perm)
    shifted = []
    for a in axis:
        shifted.append(a + 1)
    return prim.bind(x, axis=tuple(shifted)), 0


ad.primitive_jvps[prim] = sum_jvp
ad.primitive_transposes[prim] = sum_transpose
batching.primitive_batchers[prim] = sum_batch
