from collections import namedtuple

Rules = namedtuple("Rules", "jvp transpose batch")


def _jvp(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    return y, custom_reduce_sum_p.bind(ad.instantiate_zeros(t), axis=axis)


def _transpose(ct, x, *, axis):
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    kept = [d for i, d in enumerate(x.aval.shape) if i not in axis]
    assert list(ct.shape) == kept
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def _batch(args, dims, *, axis):
    (x,), (bd,) = args, dims
    return custom_reduce_sum_p.bind(jnp.moveaxis(x, bd, 0), axis=tuple(a + 1 for a in axis)), 0


rules = Rules(_jvp, _transpose, _batch)
ad.primitive_jvps[custom_reduce_sum_p] = rules.jvp
ad.primitive_transposes[custom_reduce_sum_p] = rules.transpose
batching.primitive_batchers[custom_reduce_sum_p] = rules.batch
