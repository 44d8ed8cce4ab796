import abc


class Rule(abc.ABC):
    prim = custom_reduce_sum_p

    @abc.abstractmethod
    def __call__(self, *args, **params): ...


class Jvp(Rule):
    def __call__(self, primals, tangents, *, axis):
        y = self.prim.bind(primals[0], axis=axis)
        if type(tangents[0]) is ad.Zero:
            return y, ad.Zero(jax.typeof(y).to_tangent_aval())
        return y, self.prim.bind(tangents[0], axis=axis)


class Transpose(Rule):
    def __call__(self, ct, x, *, axis):
        if type(ct) is ad.Zero:
            return (ad.Zero(x.aval),)
        shape = x.aval.shape
        index = tuple(None if i in axis else slice(None) for i in range(len(shape)))
        return (jnp.broadcast_to(ct[index], shape),)


class Batch(Rule):
    def __call__(self, args, dims, *, axis):
        x = jnp.moveaxis(args[0], dims[0], 0)
        return self.prim.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = Jvp()
ad.primitive_transposes[custom_reduce_sum_p] = Transpose()
batching.primitive_batchers[custom_reduce_sum_p] = Batch()
