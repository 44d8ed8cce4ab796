def reduce_sum_jvp(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    out = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return out, ad.Zero(jax.typeof(out).to_tangent_aval())
    return out, custom_reduce_sum_p.bind(t, axis=axis)


class SummedAxes:
    """Iterates over the summed axes in increasing order, each once."""

    def __init__(self, axis):
        self.rest = sorted(set(axis))

    def __iter__(self):
        return self

    def __next__(self):
        if not self.rest:
            raise StopIteration
        return self.rest.pop(0)


def reduce_sum_transpose(ct, x, *, axis):
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    grown = ct
    for a in SummedAxes(axis):
        grown = jnp.expand_dims(grown, a)
    return (jnp.broadcast_to(grown, x.aval.shape),)


def reduce_sum_batch(args, dims, *, axis):
    (x,), (bd,) = args, dims
    perm = (bd,) + tuple(i for i in range(x.ndim) if i != bd)  # batch axis first
    return custom_reduce_sum_p.bind(jnp.transpose(x, perm), axis=tuple(a + 1 for a in axis)), 0


for table, rule in [(ad.primitive_jvps, reduce_sum_jvp), (ad.primitive_transposes, reduce_sum_transpose),
                    (batching.primitive_batchers, reduce_sum_batch)]:
    table[custom_reduce_sum_p] = rule
