prim = custom_reduce_sum_p


def jvp_rule(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    y = prim.bind(x, axis=axis)
    # 零切线单独处理
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, prim.bind(t, axis=axis)


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
    return prim.bind(x, axis=new_axis), out_dim


ad.primitive_jvps[prim] = jvp_rule
ad.primitive_transposes[prim] = transpose_rule
batching.primitive_batchers[prim] = batch_rule
