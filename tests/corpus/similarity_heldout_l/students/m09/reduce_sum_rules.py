def jvp(primals, tangents, *, axis):
    x = primals[0]
    t = tangents[0]
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    for a in axis:
        ct = jnp.expand_dims(ct, a)
    return (jnp.broadcast_to(ct, x.aval.shape),)


def batch(args, dims, *, axis):
    x = args[0]
    bd = dims[0]
    new = []
    for a in axis:
        if a >= bd:
            new.append(a + 1)
        else:
            new.append(a)
    out_bd = bd
    for a in axis:
        if a < bd:
            out_bd -= 1
    return custom_reduce_sum_p.bind(x, axis=tuple(new)), out_bd


ad.primitive_jvps[custom_reduce_sum_p] = jvp
ad.primitive_transposes[custom_reduce_sum_p] = transpose
batching.primitive_batchers[custom_reduce_sum_p] = batch
