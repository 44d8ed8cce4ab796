# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def transpose_sum(ct, x, *, axis):
    # deflinear2 already handles a symbolic-zero cotangent
    out = ct
    for a in axis:
        out = jnp.expand_dims(out, a)
    return [jnp.broadcast_to(out, x.aval.shape)]


# a linear primitive: deflinear2 registers the JVP (bind on the tangent) and the transpose
ad.deflinear2(custom_reduce_sum_p, transpose_sum)


def batch_sum(args, dims, *, axis):
    x = args[0]
    bd = dims[0]
    x = jnp.moveaxis(x, bd, 0)
    shifted = []
    for a in axis:
        shifted.append(a + 1)
    return custom_reduce_sum_p.bind(x, axis=tuple(shifted)), 0


batching.primitive_batchers[custom_reduce_sum_p] = batch_sum
