# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
from jax import lax


def batch_rule(batched, bdims, *, axis):
    (operand,), (b,) = batched, bdims
    # put the batch dimension first: every summed axis then moves up by one
    operand = jnp.moveaxis(operand, b, 0)
    return custom_reduce_sum_p.bind(operand, axis=tuple(i + 1 for i in axis)), 0


def transpose_rule(cot, operand, *, axis):
    if type(cot) is ad.Zero:
        return (ad.Zero(operand.aval),)
    kept = [i for i in range(len(operand.aval.shape)) if i not in axis]
    return (lax.broadcast_in_dim(cot, operand.aval.shape, kept),)


def jvp_rule(primals, tangents, *, axis):
    (operand,), (tangent,) = primals, tangents
    out = custom_reduce_sum_p.bind(operand, axis=axis)
    if type(tangent) is ad.Zero:
        return out, ad.Zero(jax.typeof(out).to_tangent_aval())
    return out, custom_reduce_sum_p.bind(tangent, axis=axis)


batching.primitive_batchers[custom_reduce_sum_p] = batch_rule
ad.primitive_jvps[custom_reduce_sum_p] = jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = transpose_rule
