def sum_jvp(primals: tuple, tangents: tuple, *, axis: tuple) -> tuple:
    x, = primals
    x_dot, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(x_dot, ad.Zero):
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(x_dot, axis=axis)


def sum_transpose(ct, x, *, axis: tuple) -> tuple:
    # the cotangent of an input element is the cotangent of the sum it went into
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    shape = x.aval.shape
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), shape),)


def sum_batch(args: tuple, dims: tuple, *, axis: tuple) -> tuple:
    x, = args
    bd, = dims
    x = jnp.moveaxis(x, bd, 0)  # batch axis first
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = sum_batch
