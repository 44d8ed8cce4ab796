def jvp_rule(primals, tangents, axis):
    x = primals[0]
    dx = tangents[0]
    out = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(dx, ad.Zero):
        dout = ad.Zero(jax.typeof(out).to_tangent_aval())
    else:
        dout = custom_reduce_sum_p.bind(dx, axis=axis)
    return out, dout


def transpose_rule(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    # 在被求和的轴上插回长度 1,再广播
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def batch_rule(args, dims, *, axis):
    x, = args
    b, = dims
    new_axis = []
    for a in axis:
        if a < b:
            new_axis.append(a)
        else:
            new_axis.append(a + 1)
    new_axis = tuple(new_axis)
    # 批维前面被求和掉的轴会让它往前移
    out_dim = b - sum(1 for a in new_axis if a < b)
    return custom_reduce_sum_p.bind(x, axis=new_axis), out_dim


ad.primitive_jvps[custom_reduce_sum_p] = jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = batch_rule
