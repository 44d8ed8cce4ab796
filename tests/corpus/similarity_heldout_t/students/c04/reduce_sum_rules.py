def _jvp_rule(primals, tangents, *, axis):
    if len(primals) != 1:
        raise ValueError("custom_reduce_sum 只有一个操作数")
    out = custom_reduce_sum_p.bind(primals[0], axis=axis)
    t = tangents[0]
    if type(t) is ad.Zero:
        return out, ad.Zero(jax.typeof(out).to_tangent_aval())
    return out, custom_reduce_sum_p.bind(t, axis=axis)


def _transpose_rule(ct, x, *, axis):
    if not ad.is_undefined_primal(x):
        raise ValueError("只能对线性输入转置")
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    shape = x.aval.shape
    kept = tuple(i for i in range(len(shape)) if i not in axis)
    return (jax.lax.broadcast_in_dim(ct, shape, kept),)


def _batch_rule(args, dims, *, axis):
    x, = args
    bd, = dims
    if bd is None:
        raise ValueError("没有批维度")
    x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = _transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = _batch_rule
