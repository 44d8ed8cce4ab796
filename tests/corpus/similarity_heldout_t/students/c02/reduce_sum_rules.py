def _jvp(primals, tangents, *, axis):
    y = custom_reduce_sum_p.bind(primals[0], axis=axis)
    match tangents[0]:
        case ad.Zero():
            return y, ad.Zero(jax.typeof(y).to_tangent_aval())
        case t:
            return y, custom_reduce_sum_p.bind(t, axis=axis)


def _transpose(ct, x, *, axis):
    match ct:
        case ad.Zero():
            return (ad.Zero(x.aval),)
    expanded = jnp.expand_dims(ct, axis)
    return (jnp.broadcast_to(expanded, x.aval.shape),)


def _batch(vals, dims, *, axis):
    match vals, dims:
        case (x,), (bd,):
            y = custom_reduce_sum_p.bind(jnp.moveaxis(x, bd, -1), axis=axis)
            return y, y.ndim - 1


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
