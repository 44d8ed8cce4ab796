def _jvp(primals, tangents, *, axis):
    y = custom_reduce_sum_p.bind(primals[0], axis=axis)
    t = tangents[0]
    return y, (ad.Zero(jax.typeof(y).to_tangent_aval()) if type(t) is ad.Zero
               else custom_reduce_sum_p.bind(t, axis=axis))


def _transpose(ct, x, *, axis):
    return ((ad.Zero(x.aval),) if type(ct) is ad.Zero
            else (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),))


def _batch(args, dims, *, axis):
    x, bd = args[0], dims[0]
    moved = x if bd == 0 else jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(moved, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
