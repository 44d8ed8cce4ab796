# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def rs_jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    # ad.Zero tangent -> zero output tangent (shape of y)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def rs_transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    # start from zeros of the input shape and add the expanded cotangent
    base = jnp.zeros(x.aval.shape, dtype=ct.dtype)
    return (base + jnp.expand_dims(ct, axis),)


def rs_batch(args, dims, *, axis):
    x, = args
    bd, = dims
    # NOTE: move the batch dim to 0 so the summed axes just shift by one
    x0 = jnp.moveaxis(x, bd, 0)
    # print(x0.shape, axis)
    return custom_reduce_sum_p.bind(x0, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = rs_jvp
ad.primitive_transposes[custom_reduce_sum_p] = rs_transpose
batching.primitive_batchers[custom_reduce_sum_p] = rs_batch
