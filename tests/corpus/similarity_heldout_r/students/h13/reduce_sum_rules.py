# 1. JVP and transpose rules
class ReduceSumRules:
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


# 2. batching: keep the batch axis where it is, shift the summed axes past it
def batch_rule(args, dims, *, axis):
    x, bd = args[0], dims[0]
    moved_axes = [a + (1 if a >= bd else 0) for a in axis]
    out_dim = bd - len([a for a in axis if a < bd])
    return custom_reduce_sum_p.bind(x, axis=tuple(moved_axes)), out_dim


# 3. register
ad.primitive_jvps[custom_reduce_sum_p] = ReduceSumRules.jvp
ad.primitive_transposes[custom_reduce_sum_p] = ReduceSumRules.transpose
batching.primitive_batchers[custom_reduce_sum_p] = batch_rule
