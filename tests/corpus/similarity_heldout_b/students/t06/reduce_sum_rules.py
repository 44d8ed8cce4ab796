def jvp_rule(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    # 零切线
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def transpose_rule(ct, x, *, axis):
    shp = x.aval.shape
    if isinstance(ct, ad.Zero):
        return [ad.Zero(x.aval)]
    ones_at_axis = [1 if k in axis else n for k, n in enumerate(shp)]
    return [jnp.broadcast_to(jnp.reshape(ct, ones_at_axis), shp)]


def batch_rule(args, dims, *, axis):
    x, = args
    b, = dims
    ax = tuple(a + (a >= b) for a in axis)
    # 批维前面的轴被求和后,批维往前移
    out_dim = b - sum(1 for a in ax if a < b)
    return custom_reduce_sum_p.bind(x, axis=ax), out_dim


ad.primitive_jvps[custom_reduce_sum_p] = jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = batch_rule
