# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
from collections import namedtuple

Rules = namedtuple("Rules", "jvp transpose batch")


def _jvp(primals, tangents, *, axis):
    (x,), (dx,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    dy = ad.Zero.from_primal_value(y) if type(dx) is ad.Zero else custom_reduce_sum_p.bind(dx, axis=axis)
    return y, dy


def _transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    out_dims = tuple(d for d in range(x.aval.ndim) if d not in axis)
    return (jax.lax.broadcast_in_dim(ct, x.aval.shape, out_dims),)


def _batch(args, dims, *, axis):
    (x,), (bd,) = args, dims
    return custom_reduce_sum_p.bind(jnp.moveaxis(x, bd, -1), axis=axis), x.ndim - 1 - len(axis)


rules = Rules(_jvp, _transpose, _batch)
ad.primitive_jvps[custom_reduce_sum_p] = rules.jvp
ad.primitive_transposes[custom_reduce_sum_p] = rules.transpose
batching.primitive_batchers[custom_reduce_sum_p] = rules.batch
