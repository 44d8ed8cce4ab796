import warnings


def reduce_sum_jvp(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return (
            y,
            ad.Zero(jax.typeof(y).to_tangent_aval()),
        )
    return (
        y,
        custom_reduce_sum_p.bind(t, axis=axis),
    )


def reduce_sum_transpose(ct, x, *, axis):
    if not ad.is_undefined_primal(x):
        warnings.warn(
            "transpose called with a known primal",
            stacklevel=2,
        )
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    expanded = ct
    for a in sorted(axis):
        expanded = jnp.expand_dims(expanded, a)
    return (
        jnp.broadcast_to(expanded, x.aval.shape),
    )


def reduce_sum_batch(args, dims, *, axis):
    (x,), (bd,) = args, dims
    if bd is None:
        warnings.warn(
            "custom_reduce_sum batched with an unmapped operand",
            stacklevel=2,
        )
        return custom_reduce_sum_p.bind(x, axis=axis), None
    x = jnp.moveaxis(x, bd, 0)
    return (
        custom_reduce_sum_p.bind(
            x,
            axis=tuple(a + 1 for a in axis),
        ),
        0,
    )


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batch
