def jvp_rule(primals: tuple, tangents: tuple, *, axis: tuple[int, ...]):
    x = primals[0]
    t = tangents[0]
    res = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(t, ad.Zero):
        return res, ad.Zero(jax.typeof(res).to_tangent_aval())
    return res, custom_reduce_sum_p.bind(t, axis=axis)


def transpose_rule(ct, x, *, axis: tuple[int, ...]):
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    tmp = ct
    i = 0
    while i < len(axis):
        tmp = jax.lax.expand_dims(tmp, (axis[i],))
        i += 1
    res = jax.lax.broadcast_in_dim(tmp, x.aval.shape, tuple(range(len(x.aval.shape))))
    return (res,)


def batch_rule(args: tuple, dims: tuple, *, axis: tuple[int, ...]):
    x = args[0]
    bd = dims[0]
    perm = (bd,) + tuple(d for d in range(x.ndim) if d != bd)
    tmp = jax.lax.transpose(x, perm)
    new_axis = []
    i = 0
    while i < len(axis):
        new_axis.append(axis[i] + 1)
        i += 1
    res = custom_reduce_sum_p.bind(tmp, axis=tuple(new_axis))
    return res, 0


ad.primitive_jvps[custom_reduce_sum_p] = jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = batch_rule
