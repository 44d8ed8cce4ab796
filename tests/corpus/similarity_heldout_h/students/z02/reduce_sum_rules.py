# 在这里为 custom_reduce_sum_p 注册三条规则:
import jax.numpy as jnp


def _jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(t, ad.Zero):  # 符号零
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _tr(ct, x, *, axis):
    # 在被求和的轴上插入长度 1 的轴,再广播回输入形状
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def _bat(args, dims, *, axis):
    x, = args
    bd, = dims
    ax = tuple(a + 1 if a >= bd else a for a in axis)  # >= bd 的轴号加 1
    out = custom_reduce_sum_p.bind(x, axis=ax)
    return out, bd - sum(1 for a in axis if a < bd)


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _tr
batching.primitive_batchers[custom_reduce_sum_p] = _bat
