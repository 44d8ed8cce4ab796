# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def _jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(t, ad.Zero):  # symbolic zero
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _tr(ct, x, *, axis):
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    # insert the summed axes with length 1, then broadcast
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def _bat(args, dims, *, axis):
    x, = args
    b, = dims
    perm = [b]
    for i in range(x.ndim):
        if i != b:
            perm.append(i)
    x = jnp.transpose(x, perm)  # batch axis first
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _tr
batching.primitive_batchers[custom_reduce_sum_p] = _bat
