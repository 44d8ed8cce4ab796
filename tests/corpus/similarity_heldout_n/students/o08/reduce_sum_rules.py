# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
class ReduceSumRules:
    @staticmethod
    def jvp(primals, tangents, *, axis):
        y = custom_reduce_sum_p.bind(primals[0], axis=axis)
        t = tangents[0]
        if type(t) is ad.Zero:
            return y, ad.Zero(jax.typeof(y).to_tangent_aval())
        return y, custom_reduce_sum_p.bind(t, axis=axis)

    @staticmethod
    def transpose(ct, x, *, axis):
        if type(ct) is ad.Zero:
            return (ad.Zero(x.aval),)
        return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)

    @staticmethod
    def batch(args, dims, *, axis):
        x = jnp.moveaxis(args[0], dims[0], 0)
        return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = ReduceSumRules.jvp
ad.primitive_transposes[custom_reduce_sum_p] = ReduceSumRules.transpose
batching.primitive_batchers[custom_reduce_sum_p] = ReduceSumRules.batch
