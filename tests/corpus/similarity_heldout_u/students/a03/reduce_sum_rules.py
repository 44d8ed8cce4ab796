from jax import lax

_bind = lambda v, axis: custom_reduce_sum_p.bind(v, axis=axis)
_zero_tangent = lambda y: ad.Zero(jax.typeof(y).to_tangent_aval())
_kept = lambda ndim, axis: tuple(i for i in range(ndim) if i not in axis)


def _jvp(primals, tangents, *, axis):
    y = _bind(primals[0], axis)
    t = tangents[0]
    return y, (_zero_tangent(y) if type(t) is ad.Zero else _bind(t, axis))


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = lambda ct, x, *, axis: (
    (ad.Zero(x.aval),) if type(ct) is ad.Zero
    else (lax.broadcast_in_dim(ct, x.aval.shape, _kept(len(x.aval.shape), axis)),))
# 批维度挪到最后:单个样本的轴号不变,输出的批维度也在最后
batching.primitive_batchers[custom_reduce_sum_p] = lambda args, dims, *, axis: (
    _bind(jnp.moveaxis(args[0], dims[0], -1), axis), args[0].ndim - 1 - len(axis))
