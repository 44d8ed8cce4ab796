def jvp_rule(primals: tuple, tangents: tuple, *, axis: tuple[int, ...]) -> tuple:
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def transpose_rule(ct, x, *, axis: tuple[int, ...]) -> tuple:
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    out_shape = x.aval.shape
    ct_full = ct
    for a in sorted(axis):
        ct_full = jnp.expand_dims(ct_full, a)
    return (jnp.broadcast_to(ct_full, out_shape),)


def batch_rule(args: tuple, dims: tuple, *, axis: tuple[int, ...]) -> tuple:
    x = jnp.moveaxis(args[0], dims[0], 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = batch_rule
