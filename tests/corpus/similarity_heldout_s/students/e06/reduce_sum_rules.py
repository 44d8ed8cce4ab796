import enum


class Slot(enum.Enum):
    JVP = "jvp"
    TRANSPOSE = "transpose"
    BATCH = "batch"


_TABLES = {
    Slot.JVP: ad.primitive_jvps,
    Slot.TRANSPOSE: ad.primitive_transposes,
    Slot.BATCH: batching.primitive_batchers,
}


def register(slot):
    def deco(fn):
        _TABLES[slot][custom_reduce_sum_p] = fn
        return fn
    return deco


@register(Slot.JVP)
def _jvp(primals, tangents, *, axis):
    y = custom_reduce_sum_p.bind(primals[0], axis=axis)
    if type(tangents[0]) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(tangents[0], axis=axis)


@register(Slot.TRANSPOSE)
def _transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


@register(Slot.BATCH)
def _batch(args, dims, *, axis):
    x, bd = args[0], dims[0]
    perm = [bd] + [i for i in range(x.ndim) if i != bd]
    return custom_reduce_sum_p.bind(jnp.transpose(x, perm), axis=tuple(a + 1 for a in axis)), 0
