from functools import reduce


def _rs_jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    out = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        t_out = ad.Zero(jax.typeof(out).to_tangent_aval())
    else:
        t_out = custom_reduce_sum_p.bind(t, axis=axis)
    return out, t_out


def _rs_transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    # 按从小到大的顺序,在被求和的位置依次插入长度为 1 的轴
    expanded = reduce(lambda acc, a: jnp.expand_dims(acc, a), axis, ct)
    return (jnp.broadcast_to(expanded, x.aval.shape),)


def _rs_batch(args, dims, *, axis):
    x = jnp.moveaxis(args[0], dims[0], 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _rs_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _rs_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _rs_batch
