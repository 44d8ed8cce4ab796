# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def _jvp(primals, tangents, *, axis):
    assert len(primals) == 1 and len(tangents) == 1
    y = custom_reduce_sum_p.bind(primals[0], axis=axis)
    if type(tangents[0]) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(tangents[0], axis=axis)


def _transpose(ct, x, *, axis):
    assert ad.is_undefined_primal(x)
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    out = jnp.expand_dims(ct, axis)
    assert out.ndim == len(x.aval.shape)
    return (jnp.broadcast_to(out, x.aval.shape),)


def _batch(args, dims, *, axis):
    assert len(args) == 1
    x = jnp.moveaxis(args[0], dims[0], 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
