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
        case _:
            return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def _batch(args, dims, *, axis):
    match args, dims:
        case [x], [bd]:
            moved = jnp.moveaxis(x, bd, 0)
            return custom_reduce_sum_p.bind(moved, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
