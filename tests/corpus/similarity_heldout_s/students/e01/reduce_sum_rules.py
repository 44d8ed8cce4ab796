from dataclasses import dataclass


class ReduceSumRules:
    @staticmethod
    def jvp(primals, tangents, *, axis):
        (x,), (t,) = primals, tangents
        out = custom_reduce_sum_p.bind(x, axis=axis)
        if type(t) is ad.Zero:
            return out, ad.Zero(jax.typeof(out).to_tangent_aval())
        return out, custom_reduce_sum_p.bind(t, axis=axis)

    @staticmethod
    def transpose(ct, x, *, axis):
        if type(ct) is ad.Zero:
            return (ad.Zero(x.aval),)
        return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


@dataclass(frozen=True)
class BatchedSum:
    bd: int
    axis: tuple

    def sample_axes_in_full(self):
        return tuple(a if a < self.bd else a + 1 for a in self.axis)

    def out_dim(self):
        return self.bd - len([a for a in self.axis if a < self.bd])


def _batch(args, dims, *, axis):
    plan = BatchedSum(dims[0], axis)
    return custom_reduce_sum_p.bind(args[0], axis=plan.sample_axes_in_full()), plan.out_dim()


ad.primitive_jvps[custom_reduce_sum_p] = ReduceSumRules.jvp
ad.primitive_transposes[custom_reduce_sum_p] = ReduceSumRules.transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
