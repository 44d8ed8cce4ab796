# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def _register(table):
    """Decorator: put the decorated rule into `table` under custom_reduce_sum_p."""
    def deco(rule):
        table[custom_reduce_sum_p] = rule
        return rule
    return deco


@_register(ad.primitive_jvps)
def _sum_jvp(primals, tangents, *, axis):
    """d(sum x) = sum(dx): the tangent goes through the same primitive."""
    (x,), (x_dot,) = primals, tangents
    out = custom_reduce_sum_p.bind(x, axis=axis)
    if type(x_dot) is ad.Zero:
        return out, ad.Zero(jax.typeof(out).to_tangent_aval())
    return out, custom_reduce_sum_p.bind(x_dot, axis=axis)


@_register(ad.primitive_transposes)
def _sum_transpose(cotangent, operand, *, axis):
    """Broadcast the cotangent back over the summed axes."""
    if type(cotangent) is ad.Zero:
        return (ad.Zero(operand.aval),)
    # zeros of the input's shape plus the cotangent with the summed axes re-inserted
    return (jnp.zeros(operand.aval.shape, cotangent.dtype) + jnp.expand_dims(cotangent, axis),)


@_register(batching.primitive_batchers)
def _sum_batch(batched_args, batch_dims, *, axis):
    """Move the batch axis to the front; every summed axis shifts by one."""
    (x,), (bdim,) = batched_args, batch_dims
    moved = jnp.moveaxis(x, bdim, 0)
    return custom_reduce_sum_p.bind(moved, axis=tuple(a + 1 for a in axis)), 0
