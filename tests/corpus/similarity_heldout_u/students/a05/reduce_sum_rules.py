def sum_jvp(primals, tangents, *, axis):
    x, t = primals[0], tangents[0]
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def sum_transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    shape = x.aval.shape
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), shape),)


def sum_batch(args, dims, *, axis):
    x, bd = args[0], dims[0]
    # 批维度留在原地,>= bd 的轴号加 1
    new_axis = tuple(a + 1 if a >= bd else a for a in axis)
    out_dim = bd - sum(1 for a in new_axis if a < bd)
    return custom_reduce_sum_p.bind(x, axis=new_axis), out_dim


ad.primitive_jvps[custom_reduce_sum_p] = sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = sum_batch
