# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def _rs_jvp(primals, tangents, *, axis):
    x, t = primals[0], tangents[0]
    y = custom_reduce_sum_p.bind(x, axis=axis)
    # symbolic zero 切线 -> 输出也是 Zero
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _rs_transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    # 插入长度 1 的轴 then broadcast
    ct1 = ct
    for a in sorted(axis):
        ct1 = ct1[(slice(None),) * a + (None,)]
    return (jnp.broadcast_to(ct1, x.aval.shape),)


def _rs_batch(vals, dims, *, axis):
    x, bd = vals[0], dims[0]
    perm = [bd] + [i for i in range(x.ndim) if i != bd]
    xt = jnp.transpose(x, perm)  # 批维度放到最前
    return custom_reduce_sum_p.bind(xt, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _rs_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _rs_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _rs_batch
