def reduce_jvp(primals: tuple, tangents: tuple, *, axis: tuple[int, ...]):
    x, = primals
    tx, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    ty = ad.Zero(jax.typeof(y).to_tangent_aval()) if type(tx) is ad.Zero else custom_reduce_sum_p.bind(tx, axis=axis)
    return y, ty


def reduce_transpose(ct, x, *, axis: tuple[int, ...]):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    shape: tuple[int, ...] = x.aval.shape
    return (jnp.zeros(shape, ct.dtype) + jnp.expand_dims(ct, axis),)


def reduce_batch(args: tuple, dims: tuple, *, axis: tuple[int, ...]):
    x = jnp.moveaxis(args[0], dims[0], 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = reduce_jvp
ad.primitive_transposes[custom_reduce_sum_p] = reduce_transpose
batching.primitive_batchers[custom_reduce_sum_p] = reduce_batch
