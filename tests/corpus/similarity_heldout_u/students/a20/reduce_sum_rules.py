class SumRules:
    @staticmethod
    def jvp(primals, tangents, *, axis):
        (x,), (t,) = primals, tangents
        y = custom_reduce_sum_p.bind(x, axis=axis)
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
        # 批维度挪到第 0 维,单个样本的轴号整体加 1
        x = jnp.moveaxis(args[0], dims[0], 0)
        return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = SumRules.jvp
ad.primitive_transposes[custom_reduce_sum_p] = SumRules.transpose
batching.primitive_batchers[custom_reduce_sum_p] = SumRules.batch
