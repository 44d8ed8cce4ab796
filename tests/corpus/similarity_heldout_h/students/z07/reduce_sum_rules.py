# Rules for custom_reduce_sum_p (JVP, transpose, batching).
import jax.numpy as jnp


def _jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(t, ad.Zero):  # symbolic zero
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _tr(ct, x, *, axis):
    # insert the summed axes as size 1, then broadcast back to the input shape
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def _shift(axis, bd):
    # 1. every axis at or after the batch axis moves one to the right
    return tuple(a + 1 if a >= bd else a for a in axis)


def _out_dim(axis, bd):
    # 2. the batch axis moves left by the number of summed axes before it
    return bd - sum(1 for a in axis if a < bd)


def _bat(args, dims, *, axis):
    x, = args
    bd, = dims
    return custom_reduce_sum_p.bind(x, axis=_shift(axis, bd)), _out_dim(axis, bd)


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _tr
batching.primitive_batchers[custom_reduce_sum_p] = _bat
