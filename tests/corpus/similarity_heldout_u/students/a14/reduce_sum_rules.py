def rs_jvp(primals, tangents, *, axis):
    y = custom_reduce_sum_p.bind(primals[0], axis=axis)
    for t in tangents:
        if type(t) is ad.Zero:
            break
        return y, custom_reduce_sum_p.bind(t, axis=axis)
    else:
        raise ValueError("no tangent")
    return y, ad.Zero(jax.typeof(y).to_tangent_aval())


def rs_transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    shape = x.aval.shape
    keep = [n for i, n in enumerate(shape) if i not in axis]
    assert list(ct.shape) == keep
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), shape),)


def rs_batch(args, dims, *, axis):
    x, bd = args[0], dims[0]
    # 逐个轴号:>= bd 的往后挪一位;同时数出批维度前面被求和掉的轴
    new_axis, before = [], 0
    for i, a in enumerate(axis):
        if a >= bd:
            new_axis.append(a + 1)
        else:
            new_axis.append(a)
            before += 1
    return custom_reduce_sum_p.bind(x, axis=tuple(new_axis)), bd - before


ad.primitive_jvps[custom_reduce_sum_p] = rs_jvp
ad.primitive_transposes[custom_reduce_sum_p] = rs_transpose
batching.primitive_batchers[custom_reduce_sum_p] = rs_batch
