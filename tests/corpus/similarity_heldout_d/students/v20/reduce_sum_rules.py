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
    x, = args
    bd, = dims
    # keep the batch axis in place and renumber the summed axes around it
    shifted = tuple(a + 1 if a >= bd else a for a in axis)
    out_bd = bd - len([a for a in shifted if a < bd])
    return custom_reduce_sum_p.bind(x, axis=shifted), out_bd


ad.primitive_jvps[custom_reduce_sum_p] = jvp
ad.primitive_transposes[custom_reduce_sum_p] = transpose
batching.primitive_batchers[custom_reduce_sum_p] = batch
