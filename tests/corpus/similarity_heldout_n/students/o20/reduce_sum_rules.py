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


ad.primitive_jvps[custom_reduce_sum_p] = rs_jvp
ad.primitive_transposes[custom_reduce_sum_p] = lambda ct, x, *, axis: (
    (ad.Zero(x.aval),) if type(ct) is ad.Zero
    else (jnp.zeros(x.aval.shape, dtype=ct.dtype) + jnp.expand_dims(ct, axis),))
batching.primitive_batchers[custom_reduce_sum_p] = lambda args, dims, *, axis: (
    custom_reduce_sum_p.bind(jnp.moveaxis(args[0], dims[0], 0), axis=tuple(a + 1 for a in axis)), 0)
