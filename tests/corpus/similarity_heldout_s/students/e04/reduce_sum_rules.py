# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def reduce_sum_jvp(primals, tangents, *, axis):
    if len(primals) != 1:
        raise TypeError("custom_reduce_sum takes exactly one operand")
    x, t = primals[0], tangents[0]
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def reduce_sum_transpose(ct, x, *, axis):
    if not ad.is_undefined_primal(x):
        raise ValueError("the operand of a linear sum must be undefined when transposing")
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jax.lax.expand_dims(ct, axis), x.aval.shape),)


def reduce_sum_batch(args, dims, *, axis):
    if len(args) != 1:
        raise TypeError("custom_reduce_sum takes exactly one operand")
    x = jnp.moveaxis(args[0], dims[0], -1)  # batch last: the sample axes keep their numbers
    return custom_reduce_sum_p.bind(x, axis=axis), x.ndim - 1 - len(axis)


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batch
