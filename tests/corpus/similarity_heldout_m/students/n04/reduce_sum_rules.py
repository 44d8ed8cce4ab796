# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def reduce_sum_jvp(primals, tangents, *, axis):
    """The sum is linear, so its tangent is the sum of the input tangent."""
    x, = primals
    t, = tangents
    out = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return out, ad.Zero(jax.typeof(out).to_tangent_aval())
    return out, custom_reduce_sum_p.bind(t, axis=axis)


def reduce_sum_transpose(ct, x, *, axis):
    """Spread the cotangent back over the summed axes."""
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (ct.reshape(tuple(1 if i in axis else n for i, n in enumerate(x.aval.shape))) * jnp.ones(x.aval.shape, ct.dtype),)


def reduce_sum_batch(args, dims, *, axis):
    """Move the batch axis to the front and shift the summed axes by one."""
    x = jnp.moveaxis(args[0], dims[0], 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batch
