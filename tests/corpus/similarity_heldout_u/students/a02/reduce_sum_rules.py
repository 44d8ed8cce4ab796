class SumJvp:
    def __call__(self, primals, tangents, *, axis):
        (x,), (t,) = primals, tangents
        y = custom_reduce_sum_p.bind(x, axis=axis)
        if type(t) is ad.Zero:
            return y, ad.Zero(jax.typeof(y).to_tangent_aval())
        return y, custom_reduce_sum_p.bind(t, axis=axis)


class SumTranspose:
    def __call__(self, ct, x, *, axis):
        if type(ct) is ad.Zero:
            return (ad.Zero(x.aval),)
        return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


class SumBatch:
    """把批维度挪到第 0 维,所有轴号加 1。"""

    def __call__(self, args, dims, *, axis):
        (x,), (bd,) = args, dims
        moved = jnp.moveaxis(x, bd, 0)
        out = custom_reduce_sum_p.bind(moved, axis=tuple(a + 1 for a in axis))
        return out, bd


ad.primitive_jvps[custom_reduce_sum_p] = SumJvp()
ad.primitive_transposes[custom_reduce_sum_p] = SumTranspose()
batching.primitive_batchers[custom_reduce_sum_p] = SumBatch()
