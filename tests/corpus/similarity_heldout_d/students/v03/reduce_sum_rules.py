def jvp(primals, tangents, *, axis):
    (x,), (dx,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(dx) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(dx, axis=axis)


def transpose(ct, x, *, axis):
    shp = x.aval.shape
    if type(ct) is ad.Zero:
        return [ad.Zero(x.aval)]
    keep = tuple(1 if i in axis else n for i, n in enumerate(shp))
    return [jnp.broadcast_to(jnp.reshape(ct, keep), shp)]


def batch(args, dims, *, axis):
    (x,), (bd,) = args, dims
    x = jnp.moveaxis(x, bd, -1)
    y = custom_reduce_sum_p.bind(x, axis=axis)
    return y, y.ndim - 1


ad.primitive_jvps[custom_reduce_sum_p] = jvp
ad.primitive_transposes[custom_reduce_sum_p] = transpose
batching.primitive_batchers[custom_reduce_sum_p] = batch
