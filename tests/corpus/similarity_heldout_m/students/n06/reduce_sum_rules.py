# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
from jax import lax


def _jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    t = ad.instantiate_zeros(t)
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _transpose(ct, x, *, axis):
    shape = x.aval.shape
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    kept = tuple(d for d in range(len(shape)) if d not in axis)
    # lax.broadcast_in_dim puts ct's dims at the kept positions
    return (lax.broadcast_in_dim(ct, shape, kept),)


def _batch(args, dims, *, axis):
    x, = args
    bd, = dims
    perm = (bd,) + tuple(d for d in range(x.ndim) if d != bd)
    x = lax.transpose(x, perm)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
