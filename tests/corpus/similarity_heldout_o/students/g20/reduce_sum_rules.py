# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
BATCH_OUT = 0
PRIM = custom_reduce_sum_p


def reduce_sum_jvp(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    y = PRIM.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero.from_primal_value(y)
    return y, PRIM.bind(t, axis=axis)


def reduce_sum_transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def reduce_sum_batch(args, dims, *, axis):
    (x,), (bd,) = args, dims
    x = jnp.moveaxis(x, bd, BATCH_OUT)
    return PRIM.bind(x, axis=tuple(a + 1 for a in axis)), BATCH_OUT


ad.primitive_jvps[PRIM] = reduce_sum_jvp
ad.primitive_transposes[PRIM] = reduce_sum_transpose
batching.primitive_batchers[PRIM] = reduce_sum_batch
