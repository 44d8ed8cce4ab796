# JVP, transpose and batching rules for custom_reduce_sum_p.
def reduce_sum_jvp(primals: tuple, tangents: tuple, *, axis: tuple[int, ...]):
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(t, ad.Zero):
        # symbolic zero in, symbolic zero out
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def reduce_sum_transpose(ct, x, *, axis: tuple[int, ...]):
    assert ad.is_undefined_primal(x)
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    # re-insert the summed axes, then broadcast back to the input's shape
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def reduce_sum_batch(batched_args, batch_dims, *, axis: tuple[int, ...]):
    (x,), (bd,) = batched_args, batch_dims
    x_front = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x_front, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batch
