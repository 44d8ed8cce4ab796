# 三条规则


def _sum_jvp(primals, tangents, *, axis):
    (a,), (da,) = primals, tangents
    out = custom_reduce_sum_p.bind(a, axis=axis)
    # 零切线 -> 零切线
    dout = (ad.Zero(jax.typeof(out).to_tangent_aval()) if type(da) is ad.Zero
            else custom_reduce_sum_p.bind(da, axis=axis))
    return out, dout


def _sum_transpose(g, a, *, axis):
    if type(g) is ad.Zero:
        return (ad.Zero(a.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(g, axis), a.aval.shape),)


def _sum_vmap(args, dims, *, axis):
    (a,), (b,) = args, dims
    # 批维度挪到 0
    return custom_reduce_sum_p.bind(jnp.moveaxis(a, b, 0), axis=tuple(map(lambda i: i + 1, axis))), 0


ad.primitive_jvps[custom_reduce_sum_p] = _sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _sum_vmap
